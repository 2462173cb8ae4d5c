import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const content = style({
  zIndex: vars.zIndex.dropdown,
  minWidth: 200,
  maxWidth: 320,
  padding: vars.space.xsmall,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.medium,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: 34,
  padding: `0 ${vars.space.medium}`,
  borderRadius: vars.radius.small,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.primarySoft },
    '&[data-tone="danger"]': { color: vars.color.danger },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const icon = style({ display: 'inline-flex', flexShrink: 0 });

export const label = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

export const shortcut = style({
  marginLeft: 'auto',
  padding: `0 ${vars.space.xsmall}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  color: vars.color.textMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xsmall,
  lineHeight: vars.lineHeight.body,
});

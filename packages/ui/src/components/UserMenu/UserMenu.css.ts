import { style } from '@vanilla-extract/css';
import { mq } from '../../css/sprinkles.css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  maxWidth: 260,
  minHeight: 40,
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { ...focusOutline('1px') },
    '&[data-state="open"]': { background: vars.color.surfaceHover },
  },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 32,
  height: 32,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.bold,
});

export const identity = style({
  display: 'none',
  flexDirection: 'column',
  alignItems: 'flex-start',
  minWidth: 0,
  lineHeight: vars.lineHeight.tight,
  '@media': { [mq.tablet]: { display: 'flex' } },
});

export const name = style({
  fontWeight: vars.fontWeight.semibold,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const company = style({
  fontSize: vars.fontSize.xsmall,
  color: vars.color.textMuted,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const content = style({
  zIndex: vars.zIndex.dropdown,
  minWidth: 220,
  maxWidth: 320,
  padding: vars.space.xsmall,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.medium,
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.small} ${vars.space.medium}`,
  overflowWrap: 'anywhere',
});

export const separator = style({
  height: 1,
  margin: `${vars.space.xsmall} 0`,
  background: vars.color.border,
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

import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const group = style({
  display: 'inline-flex',
  gap: vars.space.xxsmall,
  padding: vars.space.xxsmall,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
});

export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minHeight: 30,
  padding: `0 ${vars.space.small}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': { ...focusOutline('1px') },
    '&[data-state="checked"]': {
      background: vars.color.surface,
      borderColor: vars.color.border,
      color: vars.color.text,
      boxShadow: vars.shadow.small,
    },
  },
});

export const flag = style({ display: 'inline-flex', borderRadius: 2, overflow: 'hidden' });

import { style } from '@vanilla-extract/css';
import { focusOutline, vars } from '@prospecta/ui';

export const segmented = style({
  display: 'inline-flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  overflow: 'hidden',
});

export const segment = style({
  border: 0,
  padding: `${vars.space.xsmall} ${vars.space.medium}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.small,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primarySoft,
      color: vars.color.primary,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { ...focusOutline(-2) },
    '& + &': { borderLeft: `1px solid ${vars.color.border}` },
  },
});

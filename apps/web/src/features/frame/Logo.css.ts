import { style } from '@vanilla-extract/css';
import { vars, focusOutline } from '@prospecta/ui';

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.large,
  borderRadius: vars.radius.small,
  selectors: {
    '&:focus-visible': { ...focusOutline(2) },
  },
});

export const mark = style({ flexShrink: 0 });

import { style } from '@vanilla-extract/css';
import { vars, focusOutline } from '@prospecta/ui';

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.large,
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space.xsmall} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:hover': { background: vars.color.primaryHover },
    '&:focus-visible': { ...focusOutline(2) },
  },
});

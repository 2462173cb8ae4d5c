import { style } from '@vanilla-extract/css';
import { vars, focusOutline } from '@prospecta/ui';

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.large,
});

export const panel = style({
  display: 'grid',
  gap: vars.space.medium,
  justifyItems: 'center',
  textAlign: 'center',
  maxWidth: 480,
});

export const code = style({
  fontSize: '4rem',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primary,
  lineHeight: 1,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.h1, color: vars.color.text });
export const text = style({ margin: 0, color: vars.color.textMuted });
export const actions = style({
  display: 'flex',
  gap: vars.space.small,
  flexWrap: 'wrap',
  justifyContent: 'center',
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

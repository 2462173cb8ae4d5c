import { style } from '@vanilla-extract/css';
import { focusOutline, vars } from '@prospecta/ui';

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

/** A pill: the current filter filled, the others outlined (the state is never the colour alone: aria-current). */
export const filter = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 32,
  padding: `0 ${vars.space.medium}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.small,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-current="page"]': {
      background: vars.color.primarySoft,
      borderColor: vars.color.primary,
      color: vars.color.primaryActive,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:focus-visible': focusOutline(2),
  },
});

/** The empty filter's way back to every answer. */
export const showAll = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
  selectors: { '&:focus-visible': focusOutline(2) },
});

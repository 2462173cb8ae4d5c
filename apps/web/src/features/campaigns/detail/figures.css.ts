import { style } from '@vanilla-extract/css';
import { focusOutline, vars } from '@prospecta/ui';

export const figureButton = style({
  padding: `2px ${vars.space.xsmall}`,
  margin: `-2px calc(-1 * ${vars.space.xsmall})`,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'none',
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.primarySoft },
    '&:focus-visible': focusOutline(2),
  },
});

export const zero = style({ fontVariantNumeric: 'tabular-nums', color: vars.color.textMuted });

export const dialogBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
});

export const summary = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

export const prospectButton = style({
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
  cursor: 'pointer',
  textAlign: 'start',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': focusOutline(2),
  },
});

export const state = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  padding: vars.space.large,
});

export const rowHeader = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.semibold,
  minWidth: '8rem',
});

import { style } from '@vanilla-extract/css';
import { mq, vars, focusOutline } from '@prospecta/ui';

export const page = style({
  display: 'grid',
  gap: vars.space.large,
  padding: vars.space.large,
  alignContent: 'start',
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});
export const title = style({ margin: 0, fontSize: vars.fontSize.h2 });

export const tabList = style({
  display: 'flex',
  gap: vars.space.xsmall,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
});

export const tab = style({
  padding: `${vars.space.small} ${vars.space.medium}`,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  borderBottom: '2px solid transparent',
  marginBottom: -1,
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&:focus-visible': { ...focusOutline(-2) },
  },
});

export const grid = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))',
  alignItems: 'start',
});

export const fields = style({ display: 'grid', gap: vars.space.small, margin: 0 });
export const fieldRow = style({ display: 'grid', gap: vars.space.xxsmall });
export const term = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const definition = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
export const missing = style({ color: vars.color.textMuted, fontStyle: 'italic' });

export const form = style({ display: 'grid', gap: vars.space.medium });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const errorText = style({ margin: 0, color: vars.color.danger });

export const debugRow = style({
  display: 'flex',
  gap: vars.space.small,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const debugLine = style({
  flex: '1 1 280px',
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});

import { style } from '@vanilla-extract/css';
import { mq, vars, focusOutline } from '@prospecta/ui';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  padding: vars.space.large,
  minHeight: 0,
  height: '100%',
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.medium,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.h2 });
export const summary = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.medium,
});

export const search = style({ flex: '1 1 260px', minWidth: 200, maxWidth: 420 });
export const staffActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  alignSelf: 'center',
  marginInlineStart: 'auto',
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.medium,
  padding: vars.space.xxlarge,
  textAlign: 'center',
});

export const nowrap = style({ whiteSpace: 'nowrap' });

export const nameButton = style({
  whiteSpace: 'nowrap',
  border: 0,
  padding: 0,
  background: 'transparent',
  color: vars.color.primary,
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover': { textDecoration: 'underline' }, '&:focus-visible': focusOutline(0) },
});

export { visuallyHidden } from '@prospecta/ui';

/** Test and benchmark hooks around design-system parts, without changing their layout. */
export const contents = style({ display: 'contents' });

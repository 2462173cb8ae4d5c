import { style } from '@vanilla-extract/css';
import { mq, vars, focusOutline } from '@prospecta/ui';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr)',
  gap: vars.space.large,
  padding: vars.space.large,
  alignItems: 'start',
  '@media': {
    [mq.belowTablet]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: vars.space.medium },
  },
});

export const header = style({ gridColumn: '1 / -1', margin: 0, fontSize: vars.fontSize.h2 });

export const stepList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xxsmall,
});

const stepBase = {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderRadius: vars.radius.medium,
} as const;

export const stepLink = style({
  ...stepBase,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-current="step"]': {
      background: vars.color.primarySoft,
      color: vars.color.primary,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:focus-visible': { ...focusOutline(1) },
  },
});

export const stepLocked = style({
  ...stepBase,
  color: vars.color.textMuted,
  cursor: 'not-allowed',
});

export const stepNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 24,
  height: 24,
  flexShrink: 0,
  borderRadius: vars.radius.full,
  border: `1px solid currentColor`,
  fontSize: vars.fontSize.small,
});

export const stepNumberDone = style({
  background: vars.color.success,
  borderColor: vars.color.success,
  color: vars.color.onPrimary,
});
export { visuallyHidden } from '@prospecta/ui';

export const body = style({ display: 'grid', gap: vars.space.medium });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap' });

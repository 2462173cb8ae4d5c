import { style } from '@vanilla-extract/css';
import { mq, vars } from '@prospecta/ui';

/** The title above the side list of steps and the step (the ui Stepper lays those two out). */
export const layout = style({
  display: 'grid',
  gap: vars.space.large,
  padding: vars.space.large,
  minWidth: 0,
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});

export const header = style({ margin: 0, fontSize: vars.fontSize.h2 });

export const body = style({ display: 'grid', gap: vars.space.medium });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap' });

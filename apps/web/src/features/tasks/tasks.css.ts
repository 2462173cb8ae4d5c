import { style } from '@vanilla-extract/css';
import { mq, vars } from '@prospecta/ui';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  padding: vars.space.large,
  maxWidth: '960px',
  minWidth: 0,
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});

export const heading = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.medium,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.h2, overflowWrap: 'anywhere' });

export const summary = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const state = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.small,
  padding: vars.space.xlarge,
});

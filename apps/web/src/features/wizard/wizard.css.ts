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

export const subtitle = style({ margin: 0, fontSize: vars.fontSize.h3 });
export const headerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.small,
  minWidth: 0,
});
export const link = style({ color: vars.color.primary, fontWeight: vars.fontWeight.semibold });
export const errorText = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
export const form = style({ display: 'grid', gap: vars.space.medium, maxWidth: 720, minWidth: 0 });
export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
  minWidth: 0,
});
export const legend = style({
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space.xsmall,
  padding: 0,
});
export const row = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
  minWidth: 0,
});
export const choices = style({
  display: 'grid',
  gap: vars.space.small,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))',
});
export const radios = style({ display: 'flex', gap: vars.space.large, flexWrap: 'wrap' });
export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  cursor: 'pointer',
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
  minWidth: 0,
});
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: vars.space.small,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const itemText = style({
  display: 'grid',
  gap: vars.space.xxsmall,
  minWidth: 0,
  // On a phone the actions go below the text rather than squeezing it.
  flex: '1 1 14rem',
});
export const strong = style({ fontWeight: vars.fontWeight.semibold });
export const reason = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.small });
export const section = style({ display: 'grid', gap: vars.space.xsmall, minWidth: 0 });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.large });
export const paragraph = style({ margin: 0, overflowWrap: 'anywhere' });
export const preformatted = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: vars.font.body,
});

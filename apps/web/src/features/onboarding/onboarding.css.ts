import { style } from '@vanilla-extract/css';
import { mq, vars } from '@prospecta/ui';

export const page = style({
  display: 'grid',
  gap: vars.space.large,
  padding: vars.space.large,
  maxWidth: 960,
  margin: '0 auto',
  width: '100%',
  boxSizing: 'border-box',
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});
export const title = style({ margin: 0, fontSize: vars.fontSize.h2 });
export const questionnaire = style({ display: 'grid', gap: vars.space.medium, minWidth: 0 });
export const step = style({
  display: 'grid',
  gap: vars.space.medium,
  maxWidth: 720,
  minWidth: 0,
  paddingTop: vars.space.medium,
});
export const stepTitle = style({ margin: 0, fontSize: vars.fontSize.h3 });
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
export const listRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  minWidth: 0,
});
export const grow = style({ flex: 1, minWidth: 0 });
export const removeButton = style({ marginTop: 28 });
export const radios = style({ display: 'flex', gap: vars.space.large, flexWrap: 'wrap' });
export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  cursor: 'pointer',
});
export const sizes = style({
  display: 'grid',
  gap: vars.space.small,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
});
export const actions = style({
  display: 'flex',
  gap: vars.space.small,
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
});
export const errorText = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const saved = style({
  margin: 0,
  color: vars.color.success,
  fontWeight: vars.fontWeight.medium,
});
export const widget = style({
  display: 'grid',
  gap: vars.space.small,
  minHeight: 120,
  minWidth: 0,
});
export const widgetFallback = style({
  display: 'grid',
  gap: vars.space.small,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
});
export const link = style({ color: vars.color.primary, fontWeight: vars.fontWeight.semibold });
export const answers = style({
  display: 'grid',
  gap: vars.space.small,
  margin: 0,
  gridTemplateColumns: 'minmax(160px, 1fr) 2fr',
  '@media': { [mq.belowTablet]: { gridTemplateColumns: '1fr' } },
});
export const term = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted });
export const definition = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });

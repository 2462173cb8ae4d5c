import { style } from '@vanilla-extract/css';
import { mq, vars } from '@prospecta/ui';

export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  minWidth: 0,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.medium,
});

export const draftBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xsmall,
  maxWidth: '60ch',
});

export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});

export const sampleBox = style({ minWidth: 0, width: '100%', maxWidth: 360 });

export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  minWidth: 0,
  '@media': { [mq.belowTablet]: { padding: vars.space.small } },
});

export const stepHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});

export const stepTitle = style({
  margin: 0,
  fontSize: vars.fontSize.large,
  overflowWrap: 'anywhere',
});

export const headerActions = style({
  display: 'inline-flex',
  gap: vars.space.xxsmall,
  marginLeft: 'auto',
});

/** Fields beside the checks and the preview on a wide screen, above them on a narrow one. */
export const stepGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.large,
  '@media': { [mq.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const fields = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
  containerType: 'inline-size',
});

/**
 * The name, the delay and the condition side by side when the step's fields have the room, whatever the screen: beside
 * the preview in the builder's column they stack, rather than cut their labels and values.
 */
export const fieldRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.medium,
  alignItems: 'start',
  '@container': {
    '(min-width: 34rem)': {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 2fr)',
    },
  },
});

export const bodyTools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});

export const counter = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.semibold,
  selectors: { '&[data-over="true"]': { color: vars.color.danger } },
});

export const side = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});

export const panelTitle = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const checkList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const check = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xxsmall,
  overflowWrap: 'anywhere',
});

export const previewLabel = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const previewSubject = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

/** The body as the prospect reads it: line breaks kept, long words broken. */
export const previewBody = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: 1.6,
});

export const value = style({
  background: vars.color.primarySoft,
  borderRadius: vars.radius.small,
});

export const fallback = style({
  background: vars.color.warningSoft,
  borderRadius: vars.radius.small,
  textDecoration: 'underline dotted',
});

export const missing = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.small,
  fontWeight: vars.fontWeight.semibold,
});

export const link = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  overflowWrap: 'anywhere',
});

export const notes = style({
  margin: 0,
  paddingLeft: vars.space.large,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const addBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});

export const statusBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: 0,
  selectors: {
    '&:has(button)': {
      padding: vars.space.small,
      borderRadius: vars.radius.medium,
      background: vars.color.surfaceMuted,
    },
  },
});

export const fieldset = style({
  margin: 0,
  padding: vars.space.small,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  minWidth: 0,
});

export const legend = style({
  padding: `0 ${vars.space.xxsmall}`,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.semibold,
});

export const utmGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.small,
  '@media': { [mq.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const pageGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.medium,
  '@media': {
    [mq.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr)' },
  },
});

export const finalUrl = style({
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const checksNone = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  margin: 0,
  color: vars.color.success,
  fontSize: vars.fontSize.small,
});

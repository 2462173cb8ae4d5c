import { globalStyle, style } from '@vanilla-extract/css';
import { vars, focusOutline } from '@prospecta/ui';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  paddingBottom: vars.space.medium,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  minWidth: 0,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xlarge,
  paddingTop: vars.space.large,
  '@media': {
    'screen and (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' },
  },
});

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xlarge,
  minWidth: 0,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  minWidth: 0,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(110px, max-content) minmax(0, 1fr)',
  columnGap: vars.space.medium,
  rowGap: vars.space.xsmall,
  margin: 0,
  fontSize: vars.fontSize.small,
});

globalStyle(`${fields} dt`, { color: vars.color.textMuted });
globalStyle(`${fields} dd`, { margin: 0, overflowWrap: 'anywhere', color: vars.color.text });

export const muted = style({ color: vars.color.textMuted, fontStyle: 'italic' });

export const notice = style({
  margin: `0 0 ${vars.space.medium}`,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.successSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.small,
});
export const alert = style({
  margin: `${vars.space.medium} 0 0`,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.small,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

export const entry = style({
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.small,
  minWidth: 0,
});

export const entryHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xsmall,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xsmall,
});

export const entryBody = style({
  margin: `${vars.space.xxsmall} 0 0`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.text,
});

export const tags = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const tag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  maxWidth: '100%',
  padding: `0 ${vars.space.xxsmall} 0 ${vars.space.small}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: vars.fontSize.small,
});

export const tagLabel = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const suggestion = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  padding: `2px ${vars.space.small}`,
  borderRadius: vars.radius.full,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.small,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': focusOutline(0),
  },
});

export const inlineForm = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.small,
  flexWrap: 'wrap',
});
export const grow = style({ flex: '1 1 200px', minWidth: 0 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });
/**
 * The replacement form's fields: two columns where they fit, one on a phone. Fields come in pairs (first and last
 * name, position and e-mail, phone and direct line); the others span the row, so no field stands beside an empty cell.
 */
export const formFields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.medium,
  '@media': {
    'screen and (min-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});
export const formFieldWide = style({ gridColumn: '1 / -1' });
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.small,
  flexWrap: 'wrap',
});

export const fieldError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.small,
});

export const centered = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.medium,
  minHeight: 240,
  color: vars.color.textMuted,
});

/** The prospect's open tasks, between the header and the details; nothing (no gap) without any. */
export const tasks = style({
  paddingTop: vars.space.large,
  selectors: { '&:empty': { display: 'none' } },
});

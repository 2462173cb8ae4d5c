import { style } from '@vanilla-extract/css';
import { focusOutline, listPane, mq, vars } from '@prospecta/ui';

/** The page, its panels and its rows are the inbox's: a list beside the open item. */
export const page = listPane.page;

export const heading = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall });
export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.medium,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.h2 });
export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

/** The list (340 px) beside the open mail; on small screens one or the other. */
export const layout = style([
  listPane.panels,
  {
    gridTemplateColumns: '340px minmax(0, 1fr)',
    // One column on a phone: each panel as tall as what it holds.
    '@media': { [mq.belowTablet]: { gridTemplateColumns: 'minmax(0, 1fr)', alignItems: 'start' } },
  },
]);

export const panel = listPane.panel;

/** On small screens, the part not in use (the list while a mail is open, the empty pane otherwise) is left out. */
export const hiddenOnSmall = style({ '@media': { [mq.belowTablet]: { display: 'none' } } });
export const shownOnSmall = style({
  display: 'none',
  '@media': { [mq.belowTablet]: { display: 'block' } },
});

export const list = listPane.items;
export const row = listPane.row;
export const rowSubject = style({
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const rowDate = listPane.rowDate;
export const rowLine = listPane.rowLine;

export const state = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  padding: vars.space.large,
  color: vars.color.textMuted,
});

export const mail = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.large,
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});
export const subject = style({ margin: 0, fontSize: vars.fontSize.h3, overflowWrap: 'anywhere' });

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xxsmall} ${vars.space.medium}`,
  margin: 0,
  fontSize: vars.fontSize.small,
  '@media': { [mq.belowTablet]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const fieldName = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
});
export const fieldValue = style({
  margin: 0,
  overflowWrap: 'anywhere',
  '@media': { [mq.belowTablet]: { marginBottom: vars.space.xsmall } },
});
export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xsmall });
export const absent = style({ color: vars.color.textMuted, fontStyle: 'italic' });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.semibold,
});

/** The HTML part: its own document in a frame without scripts, on white as a mail client shows it. */
export const frame = style({
  width: '100%',
  height: 420,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: '#fff',
});

export const pre = style({
  margin: 0,
  padding: vars.space.medium,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xsmall,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 480,
  overflow: 'auto',
});

export const summary = style({
  cursor: 'pointer',
  fontWeight: vars.fontWeight.semibold,
  selectors: { '&:focus-visible': focusOutline(2) },
});

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  margin: `${vars.space.medium} ${vars.space.medium} 0`,
  color: vars.color.primary,
  fontSize: vars.fontSize.small,
  selectors: { '&:focus-visible': focusOutline(2) },
});

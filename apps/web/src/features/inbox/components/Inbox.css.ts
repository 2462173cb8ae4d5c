import { globalStyle, style } from '@vanilla-extract/css';
import { listPane, mq, vars } from '@prospecta/ui';

export const page = listPane.page;

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
export const spacer = style({ flex: '1 1 auto' });

/** §9: the list is 300 px wide; on small screens list and pane stack. */
export const layout = style([
  listPane.panels,
  {
    gridTemplateColumns: '300px minmax(0, 1fr)',
    '@media': { [mq.belowTablet]: { gridTemplateColumns: 'minmax(0, 1fr)', gridAutoRows: 'auto' } },
  },
]);

export const panel = listPane.panel;
export const list = listPane.items;
export const row = listPane.row;

export const rowName = style({
  fontWeight: vars.fontWeight.regular,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '[data-unread="true"] &': { fontWeight: vars.fontWeight.bold } },
});
export const rowDate = listPane.rowDate;
export const rowCompany = listPane.rowLine;
/** The mark of an answer already answered (a mail program's arrow), before the date, in the date's line. */
export const rowAnswered = style({
  display: 'inline-flex',
  verticalAlign: 'middle',
  marginRight: vars.space.xxsmall,
  color: vars.color.success,
});
/** The company beside the answer's label (second line: company, then the label at the end). */
export const rowCompanyBesideLabel = style([rowCompany, { gridColumn: 'auto' }]);
export const rowLabel = style({
  justifySelf: 'end',
  maxWidth: 140,
  minWidth: 0,
  display: 'flex',
});
/** The chip itself, cut with an ellipsis in its 140 px (its full name in its tooltip and for screen readers). */
export const rowLabelChip = style({ display: 'flex', minWidth: 0, maxWidth: '100%' });
export const rowSnippet = style({
  gridColumn: '1 / -1',
  fontSize: vars.fontSize.small,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  selectors: { '[data-unread="true"] &': { color: vars.color.text } },
});
export const unreadDot = style({
  display: 'inline-block',
  width: 8,
  height: 8,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  marginRight: vars.space.xsmall,
  verticalAlign: 'middle',
});
export const more = style({
  padding: vars.space.medium,
  display: 'flex',
  justifyContent: 'center',
});

export const pane = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.large,
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});
export const paneHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.medium,
});
export const paneWho = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  flex: '1 1 240px',
  minWidth: 0,
});
export const paneName = style({ margin: 0, fontSize: vars.fontSize.h3, overflowWrap: 'anywhere' });
export const paneAnswered = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  margin: 0,
  color: vars.color.success,
  fontSize: vars.fontSize.small,
});
export const paneMeta = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});
export const paneTools = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.semibold,
});
export const day = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});
export const days = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});
export const dayChip = style({ alignSelf: 'center' });

export const message = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.medium,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  selectors: {
    '&[data-direction="inbound"]': {
      background: vars.color.surfaceMuted,
      borderLeft: `3px solid ${vars.color.primary}`,
    },
  },
});
export const messageHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  justifyContent: 'space-between',
  fontSize: vars.fontSize.small,
});
export const muted = style({ color: vars.color.textMuted });

/** The sanitised body: contained, so no content can cover the app or stretch the pane. */
export const body = style({
  position: 'relative',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.body,
  contain: 'content',
});
globalStyle(`${body} img`, { maxWidth: '100%', height: 'auto' });
globalStyle(`${body} img[data-blocked-src]`, { display: 'none' });
globalStyle(`${body} table`, { borderCollapse: 'collapse', maxWidth: '100%' });
globalStyle(`${body} pre`, { whiteSpace: 'pre-wrap' });
globalStyle(`${body} p`, { margin: `0 0 ${vars.space.small}` });
globalStyle(`${body} a`, { color: vars.color.primary });

export const imageNotice = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const state = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xlarge,
  gap: vars.space.small,
});

export const shortcutList = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.small} ${vars.space.medium}`,
  margin: 0,
});
export const kbd = style({
  fontFamily: vars.font.mono,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.small,
  padding: `0 ${vars.space.xsmall}`,
  background: vars.color.surfaceMuted,
  justifySelf: 'start',
});

export const modalBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});
export const modalNav = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const hiddenOnSmall = style({ '@media': { [mq.belowTablet]: { display: 'none' } } });
export const shownOnSmall = style({
  display: 'none',
  '@media': {
    [mq.belowTablet]: { display: 'block', padding: `${vars.space.small} ${vars.space.medium} 0` },
  },
});
export const shortcutRow = style({ display: 'contents' });
export const shortcutLabel = style({ margin: 0 });
export const listPanel = style([panel, { '@media': { [mq.belowTablet]: { maxHeight: '40vh' } } }]);
export { visuallyHidden } from '@prospecta/ui';

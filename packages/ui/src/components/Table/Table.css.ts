import { globalStyle, style } from '@vanilla-extract/css';
import { mq } from '../../css/sprinkles.css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.small,
  justifyContent: 'space-between',
});
export const toolbarStart = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.small,
  flex: '1 1 240px',
  minWidth: 0,
});
export const toolbarEnd = style({ display: 'flex', alignItems: 'center', gap: vars.space.small });

export const scroller = style({
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.body,
});

export const th = style({
  position: 'sticky',
  top: 0,
  padding: `${vars.space.small} ${vars.space.medium}`,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  padding: `${vars.space.xxsmall} ${vars.space.xsmall}`,
  margin: `0 calc(-1 * ${vars.space.xsmall})`,
  border: 0,
  borderRadius: vars.radius.small,
  background: 'transparent',
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': { ...focusOutline('1px') },
  },
});

export const sortIconInactive = style({ opacity: 0.4 });

export const row = style({
  selectors: {
    '&[data-clickable="true"]': { cursor: 'pointer' },
    '&[data-clickable="true"]:hover': { background: vars.color.surfaceHover },
  },
});

/**
 * Words stay whole: a column is at least as wide as its longest word, and a table wider than its place scrolls
 * sideways (`anywhere` let the table squeeze columns into 'développ|ement'). Content that may break anywhere (an
 * e-mail address) says so itself.
 */
export const td = style({
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  overflowWrap: 'break-word',
  selectors: { [`${row}:last-child > &`]: { borderBottom: 0 } },
});

/** A column pinned to the right edge (`pinned: 'end'`): above the cells scrolling under it, with a rule on its left. */
export const pinnedEnd = style({
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: vars.color.surface,
  boxShadow: `inset 1px 0 0 ${vars.color.border}`,
  selectors: {
    [`${th}&`]: { zIndex: 2, background: vars.color.surfaceMuted },
    [`${row}[data-clickable="true"]:hover > &`]: { background: vars.color.surfaceHover },
  },
});

/**
 * While content lies under the pinned column (the area is not scrolled to its end), the column casts a shadow on its
 * left: the user sees that more columns are there, under it or further right.
 */
globalStyle(`${scroller}[data-scrolls-under-pinned] ${pinnedEnd}`, {
  boxShadow: `inset 1px 0 0 ${vars.color.border}, -8px 0 8px -6px rgb(0 0 0 / 0.18)`,
});

export const expandedCell = style({
  padding: vars.space.large,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const stateCell = style({ padding: 0 });

export const errorBox = style({
  padding: vars.space.large,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const pagination = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.medium,
});
export const pageStatus = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  fontVariantNumeric: 'tabular-nums',
});

/**
 * `stackOnPhones`: below the tablet breakpoint every row is a block of 'label  value' lines, so a phone
 * neither scrolls the table sideways nor breaks words to squeeze columns. The header row is
 * not shown there (sort with the page's own control); each line says its column.
 */
export const stacked = style({});
const phone = mq.belowTablet;
// Child combinators only: a table inside an expanded row (a campaign's steps) keeps its own table layout.
const rows = `${stacked} > tbody > tr`;
const cells = `${rows} > td`;
globalStyle(`${stacked} > thead`, { '@media': { [phone]: { display: 'none' } } });
globalStyle(`${stacked}, ${stacked} > tbody, ${rows}`, {
  '@media': { [phone]: { display: 'block', width: '100%' } },
});
globalStyle(rows, {
  '@media': {
    [phone]: { padding: `${vars.space.small} 0`, borderBottom: `1px solid ${vars.color.border}` },
  },
});
globalStyle(`${rows}:last-child`, { '@media': { [phone]: { borderBottom: 0 } } });
// Cells without a column name (the expand button, an expanded row's content) take the block's whole width.
globalStyle(`${cells}:not([data-label])`, {
  '@media': { [phone]: { display: 'block', width: 'auto !important', border: 0 } },
});
globalStyle(`${cells}[data-label]`, {
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(88px, 34%) minmax(0, 1fr)',
      alignItems: 'baseline',
      justifyItems: 'start',
      gap: vars.space.small,
      padding: `${vars.space.xxsmall} ${vars.space.medium}`,
      border: 0,
      textAlign: 'left !important' as 'left',
      overflowWrap: 'break-word',
    },
  },
});
// A cell's content keeps to its line: no-wrap names wrap there, lists (tags) shrink to the line.
globalStyle(`${cells}[data-label] > *`, {
  '@media': {
    [phone]: { minWidth: 0, maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'break-word' },
  },
});
// Stacked rows do not scroll sideways: nothing to pin there.
globalStyle(`${rows} > ${pinnedEnd}`, {
  '@media': { [phone]: { position: 'static', boxShadow: 'none', background: 'transparent' } },
});
globalStyle(`${cells}[data-label]:empty`, { '@media': { [phone]: { display: 'none' } } });
globalStyle(`${cells}[data-label]::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label)',
      color: vars.color.textMuted,
      fontSize: vars.fontSize.small,
      fontWeight: vars.fontWeight.semibold,
    },
  },
});

import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

/**
 * Columns share the board's width down to this minimum, then the board scrolls sideways. Four columns
 * (three gaps of 16 px) fit in 4 × 216 + 48 = 912 px: the dashboard's 952 px beside the sidebar at
 * 1280 px wide, with room for a classic vertical scrollbar of the page.
 */
const COLUMN_MIN_WIDTH = 216;
/** Beyond this, wide screens keep readable cards and leave the rest of the row empty. */
const COLUMN_MAX_WIDTH = 420;

/** Positions the edge shadows over the scroll region. */
export const boardFrame = style({ position: 'relative', minWidth: 0 });

export const board = style({
  display: 'flex',
  gap: vars.space.large,
  overflowX: 'auto',
  paddingBottom: vars.space.small,
  minWidth: 0,
  alignItems: 'stretch',
  // A scrollbar that stays visible where the platform allows it (overlay scrollbars hide; the shadows remain).
  scrollbarWidth: 'thin',
  scrollbarColor: `${vars.color.borderStrong} transparent`,
  selectors: { '&:focus-visible': { ...focusOutline('2px') } },
});

const edgeShadow = style({
  position: 'absolute',
  top: 0,
  bottom: vars.space.small,
  width: 24,
  pointerEvents: 'none',
  opacity: 0,
  transition: `opacity ${vars.motion.fast}`,
  selectors: { '&[data-visible="true"]': { opacity: 1 } },
});

/** Shadows on the sides where more columns hide: the board visibly continues. */
export const edgeShadowStart = style([
  edgeShadow,
  { left: 0, background: 'linear-gradient(to right, rgba(15, 20, 35, 0.18), rgba(15, 20, 35, 0))' },
]);
export const edgeShadowEnd = style([
  edgeShadow,
  { right: 0, background: 'linear-gradient(to left, rgba(15, 20, 35, 0.18), rgba(15, 20, 35, 0))' },
]);

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 0',
  minWidth: COLUMN_MIN_WIDTH,
  maxWidth: COLUMN_MAX_WIDTH,
  minHeight: 0,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  overflow: 'hidden',
  // The header tightens in a narrow column (below).
  containerType: 'inline-size',
});

/**
 * A narrow column (four beside the sidebar at 1280 px) keeps a long title on one line, so every column's cards start
 * at the same height: the header's sides line up with the cards, its gaps and the title's size get smaller.
 */
const narrowColumn = '(max-width: 239px)';

export const columnHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.medium} ${vars.space.medium} ${vars.space.small}`,
  borderTop: '3px solid var(--kanban-accent, transparent)',
  '@container': {
    [narrowColumn]: {
      gap: vars.space.xsmall,
      paddingInline: vars.space.small,
    },
  },
});

export const columnTitle = style({
  margin: 0,
  flex: 1,
  minWidth: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.semibold,
  // Narrow columns (laptop widths) wrap a long title rather than cut it.
  overflowWrap: 'break-word',
  '@container': { [narrowColumn]: { fontSize: vars.fontSize.small, letterSpacing: '-0.01em' } },
});

export const count = style({
  flexShrink: 0,
  minWidth: 24,
  padding: `0 ${vars.space.xsmall}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xsmall,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'center',
  lineHeight: '20px',
  '@container': { [narrowColumn]: { minWidth: 20 } },
});

/**
 * A header's control (a small icon button, 28 px) overhangs the title's line (20 px) instead of making its header
 * taller: every column's cards start at the same height, with or without one.
 */
export const headerEnd = style({
  display: 'flex',
  flexShrink: 0,
  marginBlock: `calc(-1 * ${vars.space.xsmall})`,
});

export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: `0 ${vars.space.small} ${vars.space.small}`,
});
export const list = style({
  position: 'relative',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  width: '100%',
});
export const item = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  paddingBottom: vars.space.small,
});

export const emptyText = style({
  padding: vars.space.large,
  color: vars.color.textMuted,
  textAlign: 'center',
  fontSize: vars.fontSize.small,
});

export const skeletonCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  marginBottom: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.small,
  minWidth: 0,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:focus-within': { borderColor: vars.color.primary, boxShadow: vars.shadow.focus },
  },
});

export const cardHeader = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
});

export const cardTitle = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
  background: 'transparent',
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    // Stretched target: the whole card opens the prospect.
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.medium },
    '&:focus-visible': { outline: 'none' },
  },
});

export const cardMeta = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});
export const cardCampaign = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xsmall,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xsmall,
  overflowWrap: 'break-word',
  minWidth: 0,
});
export const cardCampaignIcon = style({ flexShrink: 0, marginTop: 1 });
export const cardFooter = style({
  position: 'relative',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xsmall,
  marginTop: vars.space.xsmall,
});

export const score = style({
  flexShrink: 0,
  padding: `0 ${vars.space.xsmall}`,
  borderRadius: vars.radius.small,
  background: vars.color.infoSoft,
  color: vars.color.info,
  fontSize: vars.fontSize.xsmall,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '20px',
});

export const comment = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.text,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});

import { style, styleVariants } from '@vanilla-extract/css';
import { mq, vars, focusOutline } from '@prospecta/ui';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  padding: vars.space.large,
  minHeight: 0,
  minWidth: 0,
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});

export const heading = style({
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
export const state = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.xlarge,
});

export { visuallyHidden } from '@prospecta/ui';

/** A long header that may take two lines (the table's headers stay on one by default), so the row menu fits at 1280 px. */
export const wrappingHeader = style({ whiteSpace: 'normal' });

export const nameCell = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  minWidth: 160,
  maxWidth: 360,
});
export const nameLink = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { ...focusOutline(2), borderRadius: 2 },
  },
});
export const owner = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});
export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const nowrap = style({ whiteSpace: 'nowrap' });

// minWidth 0: placed in a grid or flex box, the steps keep to its width and the table scrolls in its own box.
export const steps = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: `${vars.space.small} 0`,
  minWidth: 0,
});
export const stepsScroller = style({
  overflowX: 'auto',
  minWidth: 0,
  selectors: { '&:focus-visible': { ...focusOutline(2), borderRadius: 2 } },
});
export const stepsTitle = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.semibold,
});
export const stepsTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.small,
});
/**
 * A table of a few counts: as wide as its columns need, at least the box's width up to 48rem. At the whole width of a
 * 1440 px laptop its numbers stood 240 px apart, too far to read a row across.
 */
export const stepsTableCompact = style([
  stepsTable,
  { width: 'auto', minWidth: 'min(100%, 48rem)' },
]);
export const stepsTh = style({
  textAlign: 'left',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const stepsTd = style({
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
export const stepNote = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xsmall,
});

const stageColors = {
  contacted: vars.color.primary,
  opened: vars.tone.info,
  clicked: vars.tone.caution,
  answered: vars.tone.positive,
} as const;

export const funnelCompact = style({ display: 'block', width: 96, height: 34 });
export const funnelWide = style({ display: 'block', width: '100%', maxWidth: 220, height: 34 });
export const funnelWideBox = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});
export const funnelTrack = style({ fill: vars.color.surfaceMuted });
export const funnelBar = styleVariants(stageColors, (color) => ({ fill: color }));
export const funnelLegend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.xsmall,
  color: vars.color.textMuted,
});
export const funnelSwatch = styleVariants(stageColors, (color) => ({
  display: 'inline-block',
  width: 8,
  height: 8,
  borderRadius: 2,
  marginInlineEnd: 4,
  background: color,
}));

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.medium,
});
export const search = style({ flex: '1 1 260px', minWidth: 200, maxWidth: 420 });

export const board = style({ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0 });
export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  color: vars.color.primary,
  fontSize: vars.fontSize.small,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { ...focusOutline(2), borderRadius: 2 },
  },
});
export const headerBlock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  minWidth: 0,
});
export const stamp = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});
/** A warning for staff under the heading (sends whose outcome is unknown). */
export const warning = style({
  margin: 0,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderInlineStart: `4px solid ${vars.tone.caution}`,
  borderRadius: vars.radius.medium,
  background: vars.tone.cautionSoft,
  color: vars.color.text,
  maxWidth: '72ch',
  overflowWrap: 'anywhere',
});
/**
 * Shown below the tablet breakpoint only (the table view's sort control, where its header row is hidden). Doubled
 * class: it wins over the display of the element's own component style, whichever stylesheet loads last.
 */
export const phonesOnly = style({
  '@media': { [mq.tablet]: { selectors: { '&&': { display: 'none' } } } },
});
export const spacer = style({ flex: '1 1 auto' });
export const group = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
});
export const comment = style({
  display: 'block',
  maxWidth: 240,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** An address breaks anywhere, in a column kept wide enough to read it (not squeezed to one letter a line). */
export const email = style({
  display: 'inline-block',
  minWidth: '14rem',
  overflowWrap: 'anywhere',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

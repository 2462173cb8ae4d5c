import { style } from '@vanilla-extract/css';
import { mq } from './sprinkles.css';
import { vars } from '../theme/contract.css';
import { focusOutline } from './focus';
import { fillsShell } from './fillsShell.css';

/**
 * A page of a list beside the open item (the inbox, the caught mails). From the tablet width up, the page is as tall
 * as the app shell's main area, the shell being as tall as the window while it holds such a page (`fillsShell`, in
 * AppShell.css): the page's heading and the shell's footer stay in view and each panel scrolls on its own (`panels`).
 * A window too short for `PAGE_MIN_HEIGHT` scrolls the main area instead. On a phone the panels stack and the page
 * scrolls as a whole. The grid of the two panels is each page's own (their list widths and phone layouts differ): it
 * takes `panels`.
 */
const PAGE_MIN_HEIGHT = 420;
export const page = style([
  fillsShell,
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.medium,
    padding: vars.space.large,
    minHeight: 0,
    height: '100%',
    '@media': {
      [mq.belowTablet]: { padding: vars.space.medium },
      [mq.tablet]: { minHeight: PAGE_MIN_HEIGHT },
    },
  },
]);

/**
 * The grid of the two panels, the page's columns aside: one row the height left to it, each panel scrolling in it
 * (tablet width and up).
 */
export const panels = style({
  display: 'grid',
  gap: vars.space.medium,
  flex: '1 1 auto',
  minHeight: 0,
  '@media': { [mq.tablet]: { gridTemplateRows: 'minmax(0, 1fr)' } },
});

/** The list's panel and the open item's. */
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  minHeight: 0,
  overflow: 'auto',
});

export const items = style({ listStyle: 'none', margin: 0, padding: 0 });

/**
 * A row of the list, a button or a link: its first line and its date, then whole-width lines; the open item's row
 * (`aria-current`) marked by a bar on its start side.
 */
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${vars.space.xxsmall} ${vars.space.small}`,
  width: '100%',
  padding: `${vars.space.small} ${vars.space.medium}`,
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  borderLeft: '3px solid transparent',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-current="true"], &[aria-current="page"]': {
      background: vars.color.primarySoft,
      borderLeftColor: vars.color.primary,
    },
    '&:focus-visible': focusOutline(-2),
  },
});

export const rowDate = style({
  fontSize: vars.fontSize.xsmall,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});

/** A whole-width line under the first, cut with an ellipsis. */
export const rowLine = style({
  gridColumn: '1 / -1',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

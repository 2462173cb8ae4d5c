import { style } from '@vanilla-extract/css';

/**
 * The mark of a page that fills the app shell's main area from the tablet width up (AppShell.css: the shell is then as
 * tall as the window). A module of its own, with no style: the shell's styles and the pages' can both import it
 * without changing the order of the other styles in the bundle.
 */
export const fillsShell = style({});

import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { lightTheme } from './tokens';

/**
 * The one theme: light, on `:root` so Radix portals (dialogs, menus, toasts)
 * see the same variables as the page.
 *
 * Dark mode: a user may have stored a "dark" preference (the app keeps it
 * under its preferences), but the product is light only (spec §1). There is
 * deliberately no dark theme and no `[data-theme="dark"]` override, so a
 * stored dark choice still renders this light theme (story Foundations/Theme).
 */
createGlobalTheme(':root', vars, lightTheme);

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.body,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

// Environment tint (spec §1): set by `applyEnvironment` (the app calls it with /config.json's environment).
globalStyle('html[data-env="ci"], html[data-env="ci"] body', {
  backgroundColor: vars.color.tintCi,
});
globalStyle('html[data-env="staging"], html[data-env="staging"] body', {
  backgroundColor: vars.color.tintStaging,
});

// Motion off: honoured for users who ask for reduced motion, and forced by
// `data-motion="off"` (Storybook sets it under test) so screenshots are stable.
const noMotion = {
  animationDuration: '0s !important',
  animationDelay: '0s !important',
  transitionDuration: '0s !important',
  transitionDelay: '0s !important',
} as const;
globalStyle(
  'html[data-motion="off"] *, html[data-motion="off"] *::before, html[data-motion="off"] *::after',
  noMotion,
);
globalStyle('*, *::before, *::after', {
  '@media': { '(prefers-reduced-motion: reduce)': noMotion },
});

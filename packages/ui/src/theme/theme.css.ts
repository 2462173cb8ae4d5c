import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

/**
 * The one theme: light, on `:root` so Radix portals (dialogs, menus, toasts)
 * see the same variables as the page.
 *
 * Dark mode: a user may have stored a "dark" preference (the app keeps it
 * under its preferences), but the product is light only (spec §1). There is
 * deliberately no dark theme and no `[data-theme="dark"]` override, so a
 * stored dark choice still renders this light theme. See `resolveTheme`.
 */
createGlobalTheme(':root', vars, {
  color: {
    background: '#f6f7fb',
    surface: '#ffffff',
    surfaceMuted: '#f0f2f7',
    surfaceHover: '#e8ebf3',
    border: '#d5d9e3',
    borderStrong: '#8a93a6',
    text: '#1b1f2a',
    textMuted: '#545c6e',
    textInverse: '#ffffff',
    primary: '#3447c4',
    primaryHover: '#2b3ba6',
    primaryActive: '#22308a',
    primarySoft: '#e6e9fb',
    onPrimary: '#ffffff',
    danger: '#b42323',
    dangerHover: '#961c1c',
    dangerSoft: '#fde8e8',
    success: '#17733b',
    successSoft: '#e1f5e8',
    warning: '#8a5a00',
    warningSoft: '#fff3d6',
    info: '#1d5fa8',
    infoSoft: '#e3effc',
    focusRing: '#3447c4',
    overlay: 'rgba(15, 20, 35, 0.55)',
    skeleton: '#e3e6ee',
    tintCi: '#fff0e0',
    tintStaging: '#ebe9ff',
  },
  status: {
    pending: '#4b5263',
    pendingSoft: '#eceef3',
    ongoing: '#1d5fa8',
    ongoingSoft: '#e3effc',
    toCall: '#8a5a00',
    toCallSoft: '#fff3d6',
    converted: '#17733b',
    convertedSoft: '#e1f5e8',
    lost: '#b42323',
    lostSoft: '#fde8e8',
    nurture: '#7a2fa0',
    nurtureSoft: '#f4e8fb',
    nurtured: '#0e6e6e',
    nurturedSoft: '#ddf3f3',
  },
  space: {
    none: '0',
    xxsmall: '2px',
    xsmall: '4px',
    small: '8px',
    medium: '12px',
    large: '16px',
    xlarge: '24px',
    xxlarge: '40px',
  },
  radius: {
    none: '0',
    small: '4px',
    medium: '8px',
    large: '12px',
    full: '9999px',
  },
  font: {
    // Bundled with @fontsource/inter (see fonts.ts): never a system font,
    // only a generic fallback while the woff2 loads.
    body: "'Inter', sans-serif",
    mono: 'monospace',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    semibold: '600',
    bold: '700',
  },
  fontSize: {
    xsmall: '12px',
    small: '13px',
    body: '14px',
    large: '16px',
    h3: '18px',
    h2: '22px',
    h1: '28px',
  },
  lineHeight: {
    tight: '1.25',
    body: '1.5',
  },
  shadow: {
    small: '0 1px 2px rgba(15, 20, 35, 0.08)',
    medium: '0 4px 12px rgba(15, 20, 35, 0.12)',
    large: '0 12px 32px rgba(15, 20, 35, 0.2)',
    focus: '0 0 0 3px rgba(52, 71, 196, 0.35)',
  },
  zIndex: {
    base: '0',
    sticky: '10',
    sidebar: '20',
    overlay: '100',
    modal: '110',
    dropdown: '200',
    toast: '300',
  },
  motion: {
    fast: '120ms',
    normal: '200ms',
    slow: '400ms',
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
});

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

// Environment tint (spec §1): set by `applyEnvironment` / <EnvironmentTint>.
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
globalStyle('html[data-motion="off"] *, html[data-motion="off"] *::before, html[data-motion="off"] *::after', noMotion);
globalStyle('*, *::before, *::after', {
  '@media': { '(prefers-reduced-motion: reduce)': noMotion },
});

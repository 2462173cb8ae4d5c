import { globalStyle, style } from '@vanilla-extract/css';
import { mq } from '../../css/sprinkles.css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';
import { fillsShell } from '../../css/fillsShell.css';

const SIDEBAR_WIDTH = 248;

export const shell = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gridTemplateRows: 'auto 1fr auto',
  gridTemplateAreas: '"top" "main" "footer"',
  minHeight: '100dvh',
  '@media': {
    [mq.tablet]: {
      gridTemplateColumns: `${SIDEBAR_WIDTH}px minmax(0, 1fr)`,
      gridTemplateAreas: '"side top" "side main" "side footer"',
    },
  },
});

export const sidebarSlot = style({
  gridArea: 'side',
  position: 'fixed',
  insetBlock: 0,
  left: 0,
  width: SIDEBAR_WIDTH,
  maxWidth: '85vw',
  zIndex: vars.zIndex.modal,
  transform: 'translateX(-100%)',
  visibility: 'hidden',
  transition: `transform ${vars.motion.normal} ${vars.motion.easing}, visibility ${vars.motion.normal}`,
  selectors: {
    '&[data-open="true"]': {
      transform: 'none',
      visibility: 'visible',
      boxShadow: vars.shadow.large,
    },
  },
  '@media': {
    [mq.tablet]: {
      position: 'sticky',
      top: 0,
      height: '100dvh',
      transform: 'none',
      visibility: 'visible',
      zIndex: vars.zIndex.sidebar,
      selectors: { '&[data-open="true"]': { boxShadow: 'none' } },
    },
  },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.overlay,
  border: 0,
  padding: 0,
  '@media': { [mq.tablet]: { display: 'none' } },
});

export const topSlot = style({
  gridArea: 'top',
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
});
export const main = style({
  gridArea: 'main',
  minWidth: 0,
  padding: vars.space.large,
  '@media': { [mq.tablet]: { padding: vars.space.xlarge } },
});
export const footerSlot = style({ gridArea: 'footer' });

// A page that fills the main area (a list beside its open item): from the tablet width up, the shell is as tall as the
// window and the page as tall as the room between the top bar and the footer, its panels scrolling on their own; a
// window too short for the page scrolls the main area.
globalStyle(`${shell}:has(${fillsShell})`, {
  '@media': { [mq.tablet]: { height: '100dvh', gridTemplateRows: 'auto minmax(0, 1fr) auto' } },
});
globalStyle(`${main}:has(${fillsShell})`, {
  '@media': { [mq.tablet]: { minHeight: 0, overflowY: 'auto' } },
});

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  height: '100%',
  padding: vars.space.large,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  overflowY: 'auto',
});

export const sidebarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  minHeight: 36,
});
export const sidebarCloseButton = style({ '@media': { [mq.tablet]: { display: 'none' } } });
export const sidebarBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  flex: 1,
  minHeight: 0,
});
export const sidebarFooter = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
});

export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  width: '100%',
  minHeight: 36,
  padding: `0 ${vars.space.medium}`,
  border: 0,
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { ...focusOutline('-2px') },
    '&[aria-current="page"], &[data-active="true"]': {
      background: vars.color.primarySoft,
      color: vars.color.primary,
    },
  },
});

export const navIcon = style({ display: 'inline-flex', flexShrink: 0 });
// A long label (French 'Assistant IA de campagne' beside a badge) wraps onto a second line rather than being cut.
export const navLabel = style({
  flex: 1,
  minWidth: 0,
  overflowWrap: 'break-word',
  lineHeight: 1.3,
  paddingBlock: 6,
});

export const topBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: 56,
  padding: `0 ${vars.space.large}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const topBarStart = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  flex: 1,
  minWidth: 0,
});
export const topBarEnd = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  flexShrink: 0,
});
export const sidebarToggle = style({ '@media': { [mq.tablet]: { display: 'none' } } });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: `${vars.space.medium} ${vars.space.xlarge}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  borderTop: `1px solid ${vars.color.border}`,
});

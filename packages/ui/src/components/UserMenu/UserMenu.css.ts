import { style } from '@vanilla-extract/css';
import { mq } from '../../css/sprinkles.css';
import { vars } from '../../theme/contract.css';
import { menuPanel } from '../../css/menu.css';
import { focusOutline } from '../../css/focus';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  maxWidth: 260,
  minHeight: 40,
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { ...focusOutline('1px') },
    '&[data-state="open"]': { background: vars.color.surfaceHover },
  },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 32,
  height: 32,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.bold,
});

export const identity = style({
  display: 'none',
  flexDirection: 'column',
  alignItems: 'flex-start',
  minWidth: 0,
  lineHeight: vars.lineHeight.tight,
  '@media': { [mq.tablet]: { display: 'flex' } },
});

export const name = style({
  fontWeight: vars.fontWeight.semibold,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const company = style({
  fontSize: vars.fontSize.xsmall,
  color: vars.color.textMuted,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const content = style({ ...menuPanel, minWidth: 220 });

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.small} ${vars.space.medium}`,
  overflowWrap: 'anywhere',
});

export const separator = style({
  height: 1,
  margin: `${vars.space.xsmall} 0`,
  background: vars.color.border,
});

export { menuItem as item } from '../../css/menu.css';

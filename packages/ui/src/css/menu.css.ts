import { style, type StyleRule } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The panel of a dropdown menu (ActionMenu, UserMenu); each sets its own minimum width. */
export const menuPanel = {
  zIndex: vars.zIndex.dropdown,
  maxWidth: 320,
  padding: vars.space.xsmall,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.medium,
} satisfies StyleRule;

/** An item of a dropdown menu: highlighted under the pointer or keyboard, red when it destroys, grey when disabled. */
export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: 34,
  padding: `0 ${vars.space.medium}`,
  borderRadius: vars.radius.small,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.primarySoft },
    '&[data-tone="danger"]': { color: vars.color.danger },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { menuPanel } from '../../css/menu.css';

export const content = style({ ...menuPanel, minWidth: 200 });

export { menuItem as item } from '../../css/menu.css';

export const icon = style({ display: 'inline-flex', flexShrink: 0 });

export const label = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

export const shortcut = style({
  marginLeft: 'auto',
  padding: `0 ${vars.space.xsmall}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  color: vars.color.textMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xsmall,
  lineHeight: vars.lineHeight.body,
});

import { style } from '@vanilla-extract/css';
import { vars } from '@prospecta/ui';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
});
export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});
export const origin = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const referral = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});
export const select = style({ minWidth: 0, flex: '0 1 auto' });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.small });
export const consequence = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  maxWidth: '70ch',
});

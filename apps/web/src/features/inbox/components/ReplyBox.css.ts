import { style } from '@vanilla-extract/css';
import { vars } from '@prospecta/ui';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.medium,
});
export const closed = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});
export const title = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.semibold,
});
export const textarea = style({ fontFamily: 'inherit' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.small,
});
export const sent = style({ margin: 0, color: vars.color.textMuted });
export const error = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.tone.critical}`,
  background: vars.tone.criticalSoft,
  color: vars.color.text,
});
export const errorTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
export const errorText = style({ margin: 0 });

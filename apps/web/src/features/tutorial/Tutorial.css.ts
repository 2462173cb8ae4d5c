import { style } from '@vanilla-extract/css';
import { vars } from '@prospecta/ui';

export const body = style({ display: 'grid', gap: vars.space.small, minHeight: 120 });
export const stepTitle = style({
  margin: 0,
  fontSize: vars.fontSize.large,
  fontWeight: vars.fontWeight.semibold,
});
export const stepText = style({ margin: 0, color: vars.color.textMuted });
export const progress = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});
export const footer = style({
  display: 'flex',
  gap: vars.space.small,
  justifyContent: 'space-between',
  width: '100%',
  flexWrap: 'wrap',
});
export const footerEnd = style({ display: 'flex', gap: vars.space.small });

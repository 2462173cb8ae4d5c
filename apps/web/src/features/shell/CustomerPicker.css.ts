import { style } from '@vanilla-extract/css';
import { focusOutline, mq, vars } from '@prospecta/ui';

export const page = style({ display: 'grid', gap: vars.space.large, maxWidth: 720, width: '100%' });
export const heading = style({ display: 'grid', gap: vars.space.xsmall });
export const title = style({ margin: 0, fontSize: vars.fontSize.h2 });
export const intro = style({ margin: 0, color: vars.color.textMuted });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
});
export const choice = style({
  display: 'grid',
  gap: vars.space.xxsmall,
  width: '100%',
  height: '100%',
  padding: vars.space.medium,
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:focus-visible': { ...focusOutline(2) },
  },
  '@media': { [mq.belowTablet]: { padding: vars.space.small } },
});
export const name = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const company = style({
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
export const state = style({ display: 'grid', gap: vars.space.small, justifyItems: 'start' });
export const errorText = style({ margin: 0, color: vars.color.danger });

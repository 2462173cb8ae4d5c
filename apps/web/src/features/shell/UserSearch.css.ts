import { style } from '@vanilla-extract/css';
import { vars } from '@prospecta/ui';

export const root = style({ position: 'relative', display: 'grid', gap: vars.space.xxsmall });
export const current = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const listbox = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  zIndex: 60,
  marginTop: vars.space.xxsmall,
  maxHeight: 280,
  overflowY: 'auto',
  listStyle: 'none',
  padding: vars.space.xxsmall,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: '0 8px 24px rgb(0 0 0 / 0.12)',
});

export const option = style({
  display: 'grid',
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderRadius: vars.radius.small,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.primarySoft },
    '&:hover': { background: vars.color.surfaceHover },
  },
});

export const optionName = style({ fontWeight: vars.fontWeight.medium });
export const optionDetail = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const message = style({
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minWidth: 0,
});

export const tag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  maxWidth: '100%',
  minHeight: 22,
  padding: `0 ${vars.space.small}`,
  borderRadius: vars.radius.small,
  background: vars.color.primarySoft,
  color: vars.color.primaryActive,
  fontSize: vars.fontSize.xsmall,
  fontWeight: vars.fontWeight.medium,
});

export const tagText = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});

export const more = style([
  tag,
  { background: vars.color.surfaceMuted, color: vars.color.textMuted },
]);

export const remove = style({
  display: 'inline-flex',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { ...focusOutline('1px') },
  },
});

export const empty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });

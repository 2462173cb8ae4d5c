import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
});

export const item = style({
  minWidth: 0,
  borderRadius: vars.radius.medium,
  selectors: { '&:focus-visible': focusOutline(2) },
});

export const buttons = style({
  display: 'inline-flex',
  gap: vars.space.xxsmall,
  flexShrink: 0,
});

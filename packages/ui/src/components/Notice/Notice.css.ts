import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const panel = style({
  display: 'grid',
  gap: vars.space.medium,
  justifyItems: 'center',
  textAlign: 'center',
  maxWidth: 480,
  overflowWrap: 'anywhere',
});

export const mark = style({
  margin: 0,
  fontSize: '4rem',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primary,
  lineHeight: 1,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.h1, color: vars.color.text });

export const text = style({ margin: 0, color: vars.color.textMuted });

export const actions = style({
  display: 'flex',
  gap: vars.space.small,
  flexWrap: 'wrap',
  justifyContent: 'center',
});

import { recipe } from '@vanilla-extract/recipes';
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const cardPaddings = ['none', 'small', 'medium', 'large'] as const;
export type CardPadding = (typeof cardPaddings)[number];
export const cardElevations = ['flat', 'raised'] as const;
export type CardElevation = (typeof cardElevations)[number];

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.medium,
    minWidth: 0,
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.large,
    color: vars.color.text,
  },
  variants: {
    padding: {
      none: { padding: 0 },
      small: { padding: vars.space.medium },
      medium: { padding: vars.space.large },
      large: { padding: vars.space.xlarge },
    } satisfies Record<CardPadding, object>,
    elevation: {
      flat: {},
      raised: { boxShadow: vars.shadow.medium },
    } satisfies Record<CardElevation, object>,
  },
  defaultVariants: { padding: 'medium', elevation: 'flat' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.medium,
});
export const title = style({
  margin: 0,
  fontSize: vars.fontSize.h3,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
  minWidth: 0,
});
export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.small,
  flexWrap: 'wrap',
});

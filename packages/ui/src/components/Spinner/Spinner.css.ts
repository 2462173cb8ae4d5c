import { style, styleVariants } from '@vanilla-extract/css';
import { spin } from '../../css/utils.css';

export const spinnerSizes = ['small', 'medium', 'large'] as const;
export type SpinnerSize = (typeof spinnerSizes)[number];

export const root = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.7s linear infinite`,
  verticalAlign: 'middle',
});

export const size = styleVariants({
  small: { width: 14, height: 14 },
  medium: { width: 20, height: 20 },
  large: { width: 32, height: 32, borderWidth: 3 },
} satisfies Record<SpinnerSize, object>);

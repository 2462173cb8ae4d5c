import clsx from 'clsx';
import { createElement, type AllHTMLAttributes, type ElementType, type ReactNode } from 'react';
import { sprinkles, type Sprinkles } from '../../css/sprinkles.css';

export interface BoxProps extends Sprinkles, Omit<AllHTMLAttributes<HTMLElement>, keyof Sprinkles | 'as'> {
  as?: ElementType;
  children?: ReactNode;
}

const sprinkleKeys = new Set<string>(sprinkles.properties);

/**
 * Layout primitive: any element with sprinkles props, e.g.
 * `<Box display="flex" gap="small" padding={{ mobile: 'small', desktop: 'large' }} background={{ default: 'surface', hover: 'surfaceHover' }}>`.
 */
export function Box({ as = 'div', className, children, ...props }: BoxProps) {
  const atoms: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (sprinkleKeys.has(key)) atoms[key] = value;
    else rest[key] = value;
  }
  return createElement(as, { className: clsx(sprinkles(atoms as Sprinkles), className), ...rest }, children);
}

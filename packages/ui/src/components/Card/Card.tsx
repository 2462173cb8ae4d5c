import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './Card.css';
import type { CardElevation, CardPadding } from './Card.css';

export { cardElevations, cardPaddings, type CardElevation, type CardPadding } from './Card.css';

export const cardTitleLevels = [1, 2, 3, 4] as const;
export type CardTitleLevel = (typeof cardTitleLevels)[number];

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  titleLevel?: CardTitleLevel;
  description?: ReactNode;
  /** Element at the end of the header (e.g. an IconButton). */
  actions?: ReactNode;
  footer?: ReactNode;
  padding?: CardPadding;
  elevation?: CardElevation;
  /** Rendered element: a section (default), article or div. */
  as?: 'section' | 'article' | 'div';
  children?: ReactNode;
}

export function Card({
  title,
  titleLevel = 2,
  description,
  actions,
  footer,
  padding = 'medium',
  elevation = 'flat',
  as: Element = 'section',
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = `h${titleLevel}` as const;
  return (
    <Element className={clsx(styles.card({ padding, elevation }), className)} {...rest}>
      {(title || actions) && (
        <div className={styles.header}>
          {title && <Heading className={styles.title}>{title}</Heading>}
          {actions}
        </div>
      )}
      {description && <p className={styles.description}>{description}</p>}
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </Element>
  );
}

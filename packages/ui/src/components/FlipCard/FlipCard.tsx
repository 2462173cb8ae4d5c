import clsx from 'clsx';
import type { ReactNode } from 'react';
import * as styles from './FlipCard.css';

export interface FlipCardProps {
  /** Face shown when not flipped (e.g. the login form). */
  front: ReactNode;
  /** Face shown when flipped (e.g. the reset-password form). */
  back: ReactNode;
  flipped: boolean;
  className?: string;
}

/**
 * Two faces in one place, flipping between them (the login / reset pair, §2).
 * The hidden face is `inert` and aria-hidden: not focusable, not announced.
 * Motion follows the theme (off under reduced motion).
 */
export function FlipCard({ front, back, flipped, className }: FlipCardProps) {
  return (
    <div className={clsx(styles.scene, className)}>
      <div className={styles.inner} data-flipped={flipped}>
        <div className={styles.face} inert={flipped} aria-hidden={flipped || undefined}>
          {front}
        </div>
        <div
          className={clsx(styles.face, styles.back)}
          inert={!flipped}
          aria-hidden={!flipped || undefined}
        >
          {back}
        </div>
      </div>
    </div>
  );
}

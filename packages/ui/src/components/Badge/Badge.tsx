import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './Badge.css';
import type { BadgeTone } from './Badge.css';

export { badgeTones, type BadgeTone } from './Badge.css';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  children: ReactNode;
  tone?: BadgeTone;
}

export function Badge({ children, tone = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span className={clsx(styles.badge({ tone }), className)} {...rest}>
      {children}
    </span>
  );
}

/** What an unread badge shows: nothing for 0, the count (capped as "99+"), or "?" when unknown. */
export function unreadBadgeText(
  count: number | null | undefined,
  known: boolean,
  max = 99,
): string | null {
  if (!known) return '?';
  if (count === null || count === undefined || !Number.isFinite(count) || count <= 0) return null;
  const whole = Math.floor(count);
  return whole > max ? `${max}+` : String(whole);
}

export interface UnreadBadgeProps {
  count: number | null | undefined;
  /**
   * Whether the count is known. Per §6 the count shows only when the viewed user
   * is the logged-in one; otherwise pass `known={false}` and the badge shows "?".
   */
  known?: boolean;
  /** Accessible text, e.g. "3 unread answers" or "Unread answers unknown" (translated by the app). */
  label: string;
  max?: number;
  className?: string;
}

export function UnreadBadge({ count, known = true, label, max = 99, className }: UnreadBadgeProps) {
  const text = unreadBadgeText(count, known, max);
  if (text === null) return null;
  return (
    <Badge tone={known ? 'danger' : 'neutral'} className={className} title={label}>
      <span aria-hidden="true">{text}</span>
      <span
        style={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        {label}
      </span>
    </Badge>
  );
}

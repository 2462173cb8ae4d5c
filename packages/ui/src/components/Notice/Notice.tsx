import clsx from 'clsx';
import type { ReactNode } from 'react';
import * as styles from './Notice.css';

export interface NoticeProps {
  title: ReactNode;
  /** Id of the title, for a landmark around the notice to be labelled by it. */
  titleId?: string;
  /** Heading level of the title (default 1: the notice is the screen's main content). */
  titleLevel?: 1 | 2;
  /** A large decorative mark above the title (e.g. "404"), hidden from screen readers. */
  mark?: ReactNode;
  description?: ReactNode;
  /** A technical detail under the description (e.g. an error message), in code type. */
  detail?: ReactNode;
  /** Buttons or links, side by side (they wrap on narrow screens). */
  actions?: ReactNode;
  /** `alert` when the notice reports a failure the user did not ask to see. */
  role?: 'alert' | 'status';
  /** One action placed under the text, alone on its line. */
  children?: ReactNode;
  className?: string;
}

/** A centred message in place of a screen's content: page not found, start-up failure, a screen that failed. */
export function Notice({
  title,
  titleId,
  titleLevel = 1,
  mark,
  description,
  detail,
  actions,
  role,
  children,
  className,
}: NoticeProps) {
  const Heading = `h${titleLevel}` as const;
  return (
    <div className={clsx(styles.panel, className)} role={role}>
      {mark !== undefined && (
        <p className={styles.mark} aria-hidden="true">
          {mark}
        </p>
      )}
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {description !== undefined && <p className={styles.text}>{description}</p>}
      {detail !== undefined && <code className={styles.text}>{detail}</code>}
      {children}
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

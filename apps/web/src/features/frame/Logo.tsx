import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { commonMessages } from '../../core/messages';
import * as styles from './Logo.css';

/** The product logo, a link to `to` (the user's home in the shell). */
export function Logo({ to }: { to: string }) {
  const intl = useIntl();
  return (
    <Link to={to} className={styles.logo}>
      <svg
        className={styles.mark}
        width="28"
        height="28"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.12" />
        <path
          d="M10 24V8h7a5 5 0 0 1 0 10h-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{intl.formatMessage(commonMessages.appName)}</span>
    </Link>
  );
}

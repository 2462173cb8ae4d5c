import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Notice } from '@prospecta/ui';
import { unknownUserMessages } from './messages';
import * as styles from './notice.css';

/** Staff opened /users/{id}/… for an id no user has: said at once, with a way back. */
export function UnknownUserPage({ home }: { home: string }) {
  const intl = useIntl();
  return (
    <section
      className={styles.inShell}
      aria-labelledby="unknown-user-title"
      data-testid="unknown-user"
    >
      <Notice
        role="alert"
        titleId="unknown-user-title"
        title={intl.formatMessage(unknownUserMessages.title)}
        description={intl.formatMessage(unknownUserMessages.body)}
      >
        <Link to={home}>{intl.formatMessage(unknownUserMessages.back)}</Link>
      </Notice>
    </section>
  );
}

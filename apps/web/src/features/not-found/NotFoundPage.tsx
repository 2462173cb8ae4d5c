import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Button } from '@prospecta/ui';
import { messages } from './messages';
import * as styles from './NotFoundPage.css';
import { useDocumentTitle } from '../../app/documentTitle';
import { pageNameMessages } from '../common/messages';

/** Anything else (§2): 'Page not found' with back and home links. */
export function NotFoundPage() {
  const intl = useIntl();
  useDocumentTitle({ page: intl.formatMessage(pageNameMessages.notFound) });
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{intl.formatMessage(messages.title)}</h1>
        <p className={styles.text}>{intl.formatMessage(messages.description)}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {intl.formatMessage(messages.back)}
          </Button>
          <Link className={styles.link} to="/">
            {intl.formatMessage(messages.home)}
          </Link>
        </div>
      </div>
    </main>
  );
}

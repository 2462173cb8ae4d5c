import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Button, Notice } from '@prospecta/ui';
import { messages } from './messages';
import * as styles from './NotFoundPage.css';
import { useDocumentTitle } from '../../core/documentTitle';
import { pageNameMessages } from '../../core/messages';

/** Anything else (§2): 'Page not found' with back and home links. */
export function NotFoundPage() {
  const intl = useIntl();
  useDocumentTitle({ page: intl.formatMessage(pageNameMessages.notFound) });
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <Notice
        mark="404"
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage(messages.description)}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(-1)}>
              {intl.formatMessage(messages.back)}
            </Button>
            <Link className={styles.link} to="/">
              {intl.formatMessage(messages.home)}
            </Link>
          </>
        }
      />
    </main>
  );
}

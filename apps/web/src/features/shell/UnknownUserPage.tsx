import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { unknownUserMessages } from './messages';
import * as styles from './RouteErrorPage.css';
import * as text from '../not-found/NotFoundPage.css';

/** Staff opened /users/{id}/… for an id no user has: said at once, with a way back (issue 17, item 5). */
export function UnknownUserPage({ home }: { home: string }) {
  const intl = useIntl();
  return (
    <section className={styles.inShell} aria-labelledby="unknown-user-title" data-testid="unknown-user">
      <div className={text.panel} role="alert">
        <h1 id="unknown-user-title" className={text.title}>
          {intl.formatMessage(unknownUserMessages.title)}
        </h1>
        <p className={text.text}>{intl.formatMessage(unknownUserMessages.body)}</p>
        <Link to={home}>{intl.formatMessage(unknownUserMessages.back)}</Link>
      </div>
    </section>
  );
}

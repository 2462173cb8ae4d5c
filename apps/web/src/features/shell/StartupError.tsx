import { useIntl } from 'react-intl';
import { Button } from '@prospecta/ui';
import { startupMessages } from './messages';
import * as styles from '../not-found/NotFoundPage.css';

/** Shown when /config.json cannot be loaded: the app cannot reach its API without it. */
export function StartupError({ error }: { error: Error }) {
  const intl = useIntl();
  return (
    <main className={styles.page}>
      <div className={styles.panel} role="alert">
        <h1 className={styles.title}>{intl.formatMessage(startupMessages.title)}</h1>
        <p className={styles.text}>{intl.formatMessage(startupMessages.description)}</p>
        <code className={styles.text}>{error.message}</code>
        <Button onClick={() => window.location.reload()}>
          {intl.formatMessage(startupMessages.reload)}
        </Button>
      </div>
    </main>
  );
}

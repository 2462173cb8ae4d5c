import { useIntl } from 'react-intl';
import { Button, Notice } from '@prospecta/ui';
import { startupMessages } from './messages';
import * as styles from './notice.css';

/** Shown when /config.json cannot be loaded: the app cannot reach its API without it. */
export function StartupError({ error }: { error: Error }) {
  const intl = useIntl();
  return (
    <main className={styles.page}>
      <Notice
        role="alert"
        title={intl.formatMessage(startupMessages.title)}
        description={intl.formatMessage(startupMessages.description)}
        detail={error.message}
      >
        <Button onClick={() => window.location.reload()}>
          {intl.formatMessage(startupMessages.reload)}
        </Button>
      </Notice>
    </main>
  );
}

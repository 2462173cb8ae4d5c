import { useIntl } from 'react-intl';
import { Spinner } from '@prospecta/ui';
import { sessionMessages } from './messages';
import * as styles from './shell.css';

/** §2: while a session refresh runs, 'Refreshing session...' is shown. */
export function RefreshingBanner() {
  const intl = useIntl();
  return (
    <div className={styles.refreshingBanner} role="status" data-testid="refreshing-session">
      <Spinner size="small" />
      <span>{intl.formatMessage(sessionMessages.refreshing)}</span>
    </div>
  );
}

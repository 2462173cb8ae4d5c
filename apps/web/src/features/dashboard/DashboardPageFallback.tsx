import { useIntl } from 'react-intl';
import { Spinner } from '@prospecta/ui';
import { messages } from './messages';
import * as styles from './components/Dashboard.css';

/** Shown while the dashboard's code loads (a split chunk). */
export function DashboardPageFallback() {
  const intl = useIntl();
  return (
    <div className={styles.state} aria-busy="true" data-testid="dashboard-loading">
      <Spinner label={intl.formatMessage(messages.loading)} />
    </div>
  );
}

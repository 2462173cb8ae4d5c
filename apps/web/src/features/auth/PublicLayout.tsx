import { useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@prospecta/ui';
import { useSessionRuntime } from '../../core/session/runtime';
import { LanguageMenu, Logo } from '../frame';
import { messages } from './messages';
import * as styles from './auth.css';

/** Where to go after signing in: the page the user was sent away from, else home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/')) {
    return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}`;
  }
  return '/';
}

/** §2 public routes: the layout first checks an existing session and goes to / if it is valid. */
export function PublicLayout() {
  const intl = useIntl();
  const { view } = useSessionRuntime();
  const location = useLocation();
  if (
    view.status === 'authenticated' ||
    view.status === 'refreshing' ||
    view.status === 'profileFailed'
  ) {
    return <Navigate to={returnPath(location.state)} replace />;
  }
  if (view.status === 'checking') {
    return (
      <div className={styles.centered}>
        <Spinner size="large" label={intl.formatMessage(messages.checkingSession)} />
      </div>
    );
  }
  return (
    <div className={styles.layout}>
      <header>
        <Logo to="/login" />
      </header>
      <main className={styles.main}>
        <Outlet />
        <LanguageMenu className={styles.language} />
      </main>
    </div>
  );
}

import { use, useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@prospecta/ui';
import { sessionMessages, shellMessages } from '../features/shell/messages';
import { StatusScreen } from '../features/shell/StatusScreen';
import { RefreshingBanner } from '../features/shell/RefreshingBanner';
import { commonMessages } from '../core/messages';
import { paths } from '../core/paths';
import { SessionContext, type SessionContextValue } from '../core/contexts';
import { useSessionRuntime } from '../core/session/runtime';
import { useQueryClientLoader } from '../core/hooks';

/**
 * Guard of every authenticated route (§2): without tokens → /login; while the session is checked → a status;
 * while a refresh runs → 'Refreshing session...' (over the page when a user is already loaded).
 */
export function AuthenticatedLayout() {
  const intl = useIntl();
  const location = useLocation();
  const { view, signOut, retryProfile } = useSessionRuntime();
  const queries = useQueryClientLoader();
  const user = view.status === 'authenticated' || view.status === 'refreshing' ? view.user : null;
  const session = useMemo<SessionContextValue | null>(
    () => (user ? { user, isStaff: user.is_staff, signOut } : null),
    [user, signOut],
  );

  if (view.status === 'anonymous') {
    return (
      <Navigate
        to={paths.login}
        replace
        // A visitor who was sent away comes back after signing in; a deliberate sign-out starts afresh.
        state={
          view.reason === 'signedOut'
            ? null
            : { from: { pathname: location.pathname, search: location.search } }
        }
      />
    );
  }
  if (view.status === 'profileFailed') {
    return (
      <StatusScreen label={intl.formatMessage(sessionMessages.profileFailed)}>
        <Button onClick={retryProfile}>{intl.formatMessage(commonMessages.retry)}</Button>
        <Button variant="ghost" onClick={signOut}>
          {intl.formatMessage(shellMessages.signOut)}
        </Button>
      </StatusScreen>
    );
  }
  if (!session) {
    return (
      <StatusScreen
        label={intl.formatMessage(
          view.status === 'refreshing' ? sessionMessages.refreshing : sessionMessages.loading,
        )}
      />
    );
  }
  // The query client comes with the signed-in area (core/queryClientLoader.ts): created by now after a stored session
  // (main.tsx starts it) or a sign-in, else this waits for it like for the area's code.
  const queryClient = queries.current() ?? use(queries.load());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        {view.status === 'refreshing' ? <RefreshingBanner /> : null}
        <Outlet />
      </SessionContext.Provider>
    </QueryClientProvider>
  );
}

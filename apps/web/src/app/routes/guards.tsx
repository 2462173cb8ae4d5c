import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError, userProfileQueryOptions } from '@prospecta/api-client';
import { useApiClients, useSession, usePreferences } from '../../core/hooks';
import { UnknownUserPage } from '../../features/shell/UnknownUserPage';
import { parseUserId, paths, withUserSegment } from '../../core/paths';

/** Staff-only area: others are redirected (to / for onboarding, to /404 for the AI area). */
export function StaffOnly({ redirectTo, children }: { redirectTo: string; children?: ReactNode }) {
  const { isStaff } = useSession();
  if (!isStaff) return <Navigate to={redirectTo} replace />;
  return children ?? <Outlet />;
}

/**
 * `/users/:userId/*`: customers are always forced to their own id (§6); a malformed id is a 404.
 * A staff member visiting a user keeps that user selected for `/`.
 */
export function UserSegmentGuard() {
  const { userId } = useParams();
  const { user, isStaff } = useSession();
  const preferences = usePreferences();
  const location = useLocation();
  const clients = useApiClients();
  const id = parseUserId(userId);
  // Staff visiting another user: that user's profile says whether they exist, and their name (fetched beside the
  // page's own data, never before it).
  const other = isStaff && id !== null && id !== user.id;
  const profile = useQuery({ ...userProfileQueryOptions(clients, id ?? 0), enabled: other });
  const unknown = other && profile.error instanceof ApiError && profile.error.status === 404;
  const name = id === user.id ? user.full_name : (profile.data?.full_name ?? '');

  useEffect(() => {
    if (!isStaff || id === null) return;
    const selected = preferences.get('selectedUser');
    if (unknown) {
      // An unknown user must not stay selected: / would keep failing.
      if (selected?.id === id) preferences.remove('selectedUser');
      return;
    }
    if (selected?.id !== id || (name && selected.name !== name))
      preferences.set('selectedUser', { id, name });
  }, [isStaff, id, preferences, unknown, name]);

  if (id === null) return <Navigate to={paths.notFound} replace />;
  // Only staff reach another user's address; their home without a selected customer is the customer picker.
  if (unknown) return <UnknownUserPage home={paths.home} />;
  if (!isStaff && id !== user.id) {
    return (
      <Navigate
        to={{ pathname: withUserSegment(location.pathname, user.id), search: location.search }}
        replace
      />
    );
  }
  return <Outlet />;
}

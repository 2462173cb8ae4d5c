import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useSession, usePreferences } from '../app/hooks';
import { parseUserId, paths, withUserSegment } from './paths';

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
  const id = parseUserId(userId);

  useEffect(() => {
    if (!isStaff || id === null) return;
    const selected = preferences.get('selectedUser');
    if (selected?.id !== id)
      preferences.set('selectedUser', { id, name: id === user.id ? user.full_name : '' });
  }, [isStaff, id, preferences, user.id, user.full_name]);

  if (id === null) return <Navigate to={paths.notFound} replace />;
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

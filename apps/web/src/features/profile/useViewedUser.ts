import { useQuery } from '@tanstack/react-query';
import { userProfileQueryOptions, type User } from '@prospecta/api-client';
import { useApiClients, useSession, useViewedUserId } from '../../core/hooks';

/** The user whose account is shown: the session user for one's own page, else their profile (staff). */
export function useViewedUser(): {
  user: User | null;
  isOwn: boolean;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
} {
  const clients = useApiClients();
  const { user: sessionUser } = useSession();
  const viewedId = useViewedUserId();
  const isOwn = viewedId === sessionUser.id;
  const query = useQuery({ ...userProfileQueryOptions(clients, viewedId), enabled: !isOwn });
  if (isOwn)
    return { user: sessionUser, isOwn, isLoading: false, isError: false, refetch: () => undefined };
  return {
    user: query.data ?? null,
    isOwn,
    isLoading: query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

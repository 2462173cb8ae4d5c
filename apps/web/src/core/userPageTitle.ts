import { useQuery } from '@tanstack/react-query';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { userProfileQueryOptions } from '@prospecta/api-client';
import { useDocumentTitle } from './documentTitle';
import { useApiClients, usePreference, useSession, useViewedUserId } from './hooks';

/*
 * The signed-in pages' titles, apart from documentTitle.ts: they ask for the viewed customer's profile (TanStack
 * Query), which the public screens (sign-in, password reset), that only set a plain title, must not download.
 */

/**
 * The name of the user whose data is shown: the signed-in user's own, else (staff viewing a customer) the
 * customer's profile, which the user-segment guard already asks for, or the selected customer's stored name
 * until it arrives. Null while neither is known.
 */
export function useViewedUserName(): string | null {
  const { user, isStaff } = useSession();
  const clients = useApiClients();
  const [selected] = usePreference('selectedUser');
  const viewed = useViewedUserId();
  const other = isStaff && viewed !== user.id;
  const profile = useQuery({ ...userProfileQueryOptions(clients, viewed), enabled: other });
  if (viewed === user.id) return user.full_name;
  return (
    profile.data?.full_name ??
    (selected && selected.id === viewed && selected.name ? selected.name : null)
  );
}

/** A page about the viewed user: 'Dashboard · Julien Moreau · Prospecta'. */
export function useUserPageTitle(page: MessageDescriptor, unread?: number): void {
  const intl = useIntl();
  const user = useViewedUserName();
  useDocumentTitle({
    page: intl.formatMessage(page),
    user,
    ...(unread !== undefined ? { unread } : {}),
  });
}

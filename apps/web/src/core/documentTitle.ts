import { useEffect } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { documentTitleMessages } from './messages';
import { useQuery } from '@tanstack/react-query';
import { userProfileQueryOptions } from '@prospecta/api-client';
import { useApiClients, usePreference, useSession, useViewedUserId } from './hooks';

export interface TitleParts {
  /** The page's name (or a campaign's name), already in the user's language. */
  page: string;
  /** Whose data the page shows; omitted on pages that are not about a user. */
  user?: string | null;
  /** Unread answers, shown first when above 0. */
  unread?: number;
}

/** 'Dashboard · Julien Moreau · Prospecta', '(3) Inbox · Julien Moreau · Prospecta', 'Sign in · Prospecta'. */
export function documentTitle(intl: IntlShape, { page, user, unread }: TitleParts): string {
  const title = user
    ? intl.formatMessage(documentTitleMessages.withUser, { page, user })
    : intl.formatMessage(documentTitleMessages.plain, { page });
  return unread && unread > 0
    ? intl.formatMessage(documentTitleMessages.unread, { count: unread, title })
    : title;
}

/** Sets the tab's title while the page is shown. */
export function useDocumentTitle(parts: TitleParts | null): void {
  const intl = useIntl();
  const title = parts ? documentTitle(intl, parts) : null;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

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

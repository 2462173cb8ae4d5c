import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { documentTitleMessages } from './messages';

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

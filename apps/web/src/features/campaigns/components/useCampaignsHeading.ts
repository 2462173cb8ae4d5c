import { useIntl } from 'react-intl';
import { useSession, useViewedUserId } from '../../../core/hooks';
import { useViewedUserName } from '../../../core/userPageTitle';
import { elision } from '../../../core/i18n';
import { messages } from '../messages';

/**
 * The campaigns list's title and the detail's back link. A customer reads 'My Campaigns'; staff read whose
 * campaigns they are ('Élodie Lefèvre’s campaigns'), or plain 'Campaigns' until the customer's name is known.
 */
export function useCampaignsHeading(): { title: string; back: string } {
  const intl = useIntl();
  const { user, isStaff } = useSession();
  const viewedId = useViewedUserId();
  const name = useViewedUserName();
  if (viewedId === user.id && !isStaff)
    return {
      title: intl.formatMessage(messages.listTitle),
      back: intl.formatMessage(messages.back),
    };
  if (!name)
    return {
      title: intl.formatMessage(messages.listTitleStaff),
      back: intl.formatMessage(messages.backStaff),
    };
  const values = { name, elision: elision(name) };
  return {
    title: intl.formatMessage(messages.listTitleOf, values),
    back: intl.formatMessage(messages.backOf, values),
  };
}

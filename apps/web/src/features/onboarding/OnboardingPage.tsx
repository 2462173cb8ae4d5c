import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@prospecta/ui';
import { useSession, useViewedUserId } from '../../core/hooks';
import { useDocumentTitle } from '../../core/documentTitle';
import { useViewedUserName } from '../../core/userPageTitle';
import { pageNameMessages } from '../../core/messages';
import { paths } from '../../core/paths';
import { messages } from './messages';
import { OnboardingSection } from './OnboardingSection';
import * as styles from './onboarding.css';

/**
 * /onboarding (staff, §2): the questionnaire for the selected customer. With none selected, staff are asked to pick
 * one first: the questionnaire belongs to a customer, and the server refuses it for a staff account.
 */
export function OnboardingPage() {
  const intl = useIntl();
  const { user, isStaff } = useSession();
  const userId = useViewedUserId();
  const routeUserId = useParams().userId;
  // The selected customer's name (the staff member's own when none is selected).
  const name = useViewedUserName() ?? user.full_name;
  useDocumentTitle({ page: intl.formatMessage(pageNameMessages.onboarding), user: name });
  if (isStaff && routeUserId === undefined && userId === user.id) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{intl.formatMessage(messages.pageTitle)}</h1>
        <EmptyState
          titleLevel={2}
          title={intl.formatMessage(messages.customerRequired)}
          action={
            <Link className={styles.link} to={paths.home}>
              {intl.formatMessage(messages.chooseCustomer)}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{intl.formatMessage(messages.pageTitle)}</h1>
      <p className={styles.muted}>{intl.formatMessage(messages.pageIntroFor, { name })}</p>
      <OnboardingSection userId={userId} name={name} mode="form" />
    </div>
  );
}

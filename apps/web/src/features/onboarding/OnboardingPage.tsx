import { useIntl } from 'react-intl';
import { useSession, useViewedUserId } from '../../core/hooks';
import { useDocumentTitle, useViewedUserName } from '../../core/documentTitle';
import { pageNameMessages } from '../../core/messages';
import { messages } from './messages';
import { OnboardingSection } from './OnboardingSection';
import * as styles from './onboarding.css';

/** /onboarding (staff, §2): the questionnaire for the selected customer (by default the staff member). */
export function OnboardingPage() {
  const intl = useIntl();
  const { user } = useSession();
  const userId = useViewedUserId();
  // The selected customer's name (the staff member's own when none is selected).
  const name = useViewedUserName() ?? user.full_name;
  useDocumentTitle({ page: intl.formatMessage(pageNameMessages.onboarding), user: name });
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{intl.formatMessage(messages.pageTitle)}</h1>
      <p className={styles.muted}>{intl.formatMessage(messages.pageIntroFor, { name })}</p>
      <OnboardingSection userId={userId} name={name} mode="form" />
    </div>
  );
}

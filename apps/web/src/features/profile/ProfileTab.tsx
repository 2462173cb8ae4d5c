import { useIntl } from 'react-intl';
import { Card } from '@prospecta/ui';
import { ChangeOwnPasswordForm } from './ChangeOwnPasswordForm';
import { DebugInfoCard } from './DebugInfoCard';
import { messages } from './messages';
import { ProfileDetails } from './ProfileDetails';
import { SignOutEverywhereCard } from './SignOutEverywhereCard';
import { useUserPageContext } from './UserPage';
import * as styles from './profile.css';
import { useUserPageTitle } from '../../core/userPageTitle';
import { pageNameMessages } from '../../core/messages';

/** The profile tab (§2): fields, change-password form and 'sign out everywhere' (own account only), copyable debug line. */
export function ProfileTab() {
  useUserPageTitle(pageNameMessages.profile);
  const intl = useIntl();
  const { user, isOwn } = useUserPageContext();
  return (
    <div className={styles.grid}>
      <ProfileDetails user={user} />
      {isOwn ? (
        <>
          <ChangeOwnPasswordForm />
          <SignOutEverywhereCard />
        </>
      ) : (
        <Card title={intl.formatMessage(messages.passwordTitle)}>
          <p className={styles.muted}>
            {intl.formatMessage(messages.passwordOtherUser, { name: user.full_name })}
          </p>
        </Card>
      )}
      <DebugInfoCard />
    </div>
  );
}

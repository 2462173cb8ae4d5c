import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@prospecta/api-client';
import { useUserPageContext } from '../profile';
import { AddEmailAccountDialog } from './AddEmailAccountDialog';
import { EmailAccountsCard } from './EmailAccountsCard';
import { LinkedinAccountsCard } from './LinkedinAccountsCard';
import * as styles from './integrations.css';
import { useUserPageTitle } from '../../core/userPageTitle';
import { pageNameMessages } from '../../core/messages';
import { useSignInOutcome } from './useSignInOutcome';
import { useEmailAccountsChangedElsewhere } from './accountsChannel';
import { useSession } from '../../core/hooks';
import { WebhooksSection } from '../webhooks';

/**
 * /users/{id}/user/integrations (§2 Integrations tab): the e-mail accounts with the 'Add an email account' modal,
 * and the LinkedIn accounts. One's own accounts are asked without user_id; staff viewing a customer pass theirs.
 * Staff viewing a customer also set the customer's outgoing webhooks here (decision 0196).
 */
export function IntegrationsTab() {
  useUserPageTitle(pageNameMessages.integrations);
  useSignInOutcome();
  const queryClient = useQueryClient();
  // A sign-in finished in its own window: this window's list follows at once.
  useEmailAccountsChangedElsewhere(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.integrations.emailAll() }),
  );
  const { user, isOwn } = useUserPageContext();
  const { isStaff } = useSession();
  const userId = isOwn ? null : user.id;
  const [adding, setAdding] = useState(false);
  return (
    <div className={styles.tab}>
      <EmailAccountsCard userId={userId} onAdd={() => setAdding(true)} />
      <LinkedinAccountsCard userId={userId} />
      {isStaff && !isOwn ? <WebhooksSection userId={user.id} /> : null}
      {adding ? <AddEmailAccountDialog userId={userId} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}

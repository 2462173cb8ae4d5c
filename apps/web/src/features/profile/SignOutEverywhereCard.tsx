import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, toast } from '@prospecta/ui';
import { useApiClients, useSession } from '../../app/hooks';
import { formMessages } from '../common/messages';
import { messages } from './messages';
import * as styles from './profile.css';

/**
 * 'Sign out everywhere' (issue 15): ends every session of the user, on every device, this one included
 * (the server revokes every refresh token), then signs out here. A failure keeps the user signed in and says so.
 */
export function SignOutEverywhereCard() {
  const intl = useIntl();
  const clients = useApiClients();
  const { signOut } = useSession();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<'failed' | 'network' | null>(null);

  const signOutEverywhere = async () => {
    setPending(true);
    setFailure(null);
    try {
      const { response } = await clients.api.POST('/api/v2/auth/sessions/revoke-all');
      if (response.ok) {
        toast.success(intl.formatMessage(messages.signedOutEverywhere));
        signOut();
        return;
      }
      setFailure('failed');
    } catch (cause) {
      setFailure(cause instanceof TypeError ? 'network' : 'failed');
    }
    setPending(false);
  };

  return (
    <Card title={intl.formatMessage(messages.sessionsTitle)}>
      <div className={styles.form}>
        <p className={styles.muted}>{intl.formatMessage(messages.sessionsHint)}</p>
        {failure ? (
          <p className={styles.errorText} role="alert">
            {intl.formatMessage(
              failure === 'network' ? formMessages.networkError : messages.signOutEverywhereError,
            )}
          </p>
        ) : null}
        <div>
          <Button variant="secondary" loading={pending} onClick={() => void signOutEverywhere()}>
            {intl.formatMessage(messages.signOutEverywhere)}
          </Button>
        </div>
      </div>
    </Card>
  );
}

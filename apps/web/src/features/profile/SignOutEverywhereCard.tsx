import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { revokeAllSessionsMutationOptions } from '@prospecta/api-client';
import { useIntl } from 'react-intl';
import { Button, Card, toast } from '@prospecta/ui';
import { useApiClients, useSession } from '../../core/hooks';
import { formMessages } from '../../core/messages';
import { messages } from './messages';
import * as styles from './profile.css';

/**
 * 'Sign out everywhere': ends every session of the user, on every device, this one included
 * (the server revokes every refresh token), then signs out here. A failure keeps the user signed in and says so.
 */
export function SignOutEverywhereCard() {
  const intl = useIntl();
  const revokeAll = useMutation(revokeAllSessionsMutationOptions(useApiClients()));
  const { signOut } = useSession();
  const [failure, setFailure] = useState<'failed' | 'network' | null>(null);

  const signOutEverywhere = async () => {
    setFailure(null);
    try {
      await revokeAll.mutateAsync();
      toast.success(intl.formatMessage(messages.signedOutEverywhere));
      signOut();
    } catch (cause) {
      setFailure(cause instanceof TypeError ? 'network' : 'failed');
    }
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
          <Button
            variant="secondary"
            loading={revokeAll.isPending}
            onClick={() => void signOutEverywhere()}
          >
            {intl.formatMessage(messages.signOutEverywhere)}
          </Button>
        </div>
      </div>
    </Card>
  );
}

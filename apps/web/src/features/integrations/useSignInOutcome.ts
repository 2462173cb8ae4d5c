import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@prospecta/api-client';
import { toast } from '@prospecta/ui';
import { announceEmailAccountsChanged } from './accountsChannel';
import { messages } from './messages';
import { INTEGRATION_TOAST_POSITION, integrationErrorText } from './model';

/**
 * The end of a Google or Microsoft sign-in: the server's callback sends the sign-in window to this tab with
 * `connected=1` or `oauth_error=<code>`. The tab says how it went (a §8 toast, translated; an unknown code is the
 * unexpected-error text), refreshes the accounts here and in the app's other windows (the one that opened the sign-in
 * shows the outcome without a reload), and takes the parameters out of the address (replaced, so that a reload or Back
 * does not say it again).
 */
export function useSignInOutcome(): void {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const error = params.get('oauth_error');
  const told = useRef(false);

  useEffect(() => {
    if (told.current || (connected === null && error === null)) return;
    told.current = true;
    if (error !== null) {
      toast.error(integrationErrorText(intl, error), { position: INTEGRATION_TOAST_POSITION });
    } else {
      toast.success(intl.formatMessage(messages.signInConnected), {
        position: INTEGRATION_TOAST_POSITION,
      });
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.integrations.emailAll() });
    announceEmailAccountsChanged();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('oauth_error');
        return next;
      },
      { replace: true },
    );
  }, [connected, error, intl, queryClient, setParams]);
}

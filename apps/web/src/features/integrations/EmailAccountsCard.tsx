import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import {
  emailAccountsQueryOptions,
  resumeEmailAccountSendingMutationOptions,
  type EmailAccount,
} from '@prospecta/api-client';
import {
  accountStateOf,
  emailAccountNeedsValidation,
  isSmtpAccountType,
  type AccountState,
  type MailboxPauseReason,
  type SentCopyError,
} from '@prospecta/domain';
import {
  Button,
  Card,
  EmptyState,
  Table,
  toast,
  ToneChip,
  type TableColumn,
  type Tone,
} from '@prospecta/ui';
import { useApiClients } from '../../core/hooks';
import { useZurichDateTime } from '../../core/i18n/useDateFormat';
import { accountTypeMessages, messages, signatureMessages, stateMessages } from './messages';
import { INTEGRATION_TOAST_POSITION, integrationErrorText } from './model';
import * as styles from './integrations.css';
import { LoadError } from './LoadError';
import { SignatureDialog } from './SignatureDialog';

export const stateTones = {
  valid: 'positive',
  pending: 'caution',
  error: 'critical',
} as const satisfies Record<AccountState, Tone>;

/**
 * Opens a validation or sign-in address in a new window, without giving that page a handle on this one
 * (the opener is cut before it loads); says so when the browser blocks the window.
 */
export function useOpenInNewWindow(): (url: string) => void {
  const intl = useIntl();
  return (url) => {
    const opened = window.open('', '_blank');
    if (!opened) {
      toast.error(intl.formatMessage(messages.popupBlocked), {
        position: INTEGRATION_TOAST_POSITION,
      });
      return;
    }
    opened.opener = null;
    opened.location.href = url;
  };
}

/** Why the campaigns no longer send from a mailbox the engine paused (decision 0175). */
const pauseMessages = {
  credentials_refused: messages.pausedCredentialsRefused,
  too_many_errors: messages.pausedTooManyErrors,
  bounce_rate: messages.pausedBounceRate,
} as const satisfies Record<MailboxPauseReason, MessageDescriptor>;

/** Why the last answer sent from the inbox has no copy in the mailbox's Sent folder (decision 0251). */
const sentCopyMessages = {
  no_sent_folder: messages.sentCopyNoSentFolder,
  mailbox_unreachable: messages.sentCopyMailboxUnreachable,
  append_refused: messages.sentCopyAppendRefused,
} as const satisfies Record<SentCopyError, MessageDescriptor>;

function reasonOf(account: EmailAccount, state: AccountState) {
  if (state === 'pending') return messages.reasonPending;
  if (state === 'error')
    return isSmtpAccountType(account.account_type)
      ? messages.reasonCheckFailed
      : messages.reasonSignInNotFinished;
  return null;
}

/** §2/§4: the e-mail accounts with their state; invalid non-SMTP accounts can be validated through their auth_url. */
export function EmailAccountsCard({ userId, onAdd }: { userId: number | null; onAdd: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const formatDate = useZurichDateTime();
  const openWindow = useOpenInNewWindow();
  const query = useQuery(emailAccountsQueryOptions(clients, userId));
  const queryClient = useQueryClient();
  const resume = useMutation(resumeEmailAccountSendingMutationOptions(clients, queryClient));
  const [signing, setSigning] = useState<EmailAccount | null>(null);
  const resumeSending = (account: EmailAccount) =>
    resume.mutate(
      { accountId: account.id },
      {
        onSuccess: () =>
          toast.success(t(messages.sendingResumed, { name: account.email }), {
            position: INTEGRATION_TOAST_POSITION,
          }),
        onError: () =>
          toast.error(t(messages.resumeFailed, { name: account.email }), {
            position: INTEGRATION_TOAST_POSITION,
          }),
      },
    );

  const columns: TableColumn<EmailAccount>[] = [
    { key: 'name', header: t(messages.columnName), cell: (a) => a.name },
    {
      key: 'email',
      header: t(messages.columnAddress),
      cell: (a) => <span className={styles.address}>{a.email}</span>,
    },
    {
      key: 'type',
      header: t(messages.columnType),
      cell: (a) => t(accountTypeMessages[a.account_type]),
    },
    { key: 'created', header: t(messages.columnCreated), cell: (a) => formatDate(a.created_on) },
    {
      key: 'state',
      header: t(messages.columnState),
      width: 160,
      cell: (a) => {
        const state = accountStateOf(a);
        const reason = reasonOf(a, state);
        // Why the mailbox watch could not read the mailbox (§8 text of the stored code), else the state's reason.
        const watchError = a.last_error ? integrationErrorText(intl, a.last_error, 'imap') : null;
        return (
          <div className={styles.stateCell} data-testid="email-account-state" data-state={state}>
            <ToneChip tone={stateTones[state]} label={t(stateMessages[state])} />
            {a.sending_paused_reason ? (
              <p className={styles.paused} data-testid="email-account-paused">
                {t(pauseMessages[a.sending_paused_reason])}
              </p>
            ) : null}
            {watchError ? (
              <p className={styles.reason}>{watchError}</p>
            ) : reason ? (
              <p className={styles.reason}>{t(reason)}</p>
            ) : null}
            {a.sent_copy_error && a.sent_copy_failed_at ? (
              <p className={styles.sentCopyNote} data-testid="email-account-sent-copy">
                {t(sentCopyMessages[a.sent_copy_error], {
                  date: formatDate(a.sent_copy_failed_at),
                })}
              </p>
            ) : null}
            {a.last_checked_at ? (
              <p className={styles.reason}>
                {t(messages.lastChecked, { date: formatDate(a.last_checked_at) })}
              </p>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'actions',
      header: t(messages.columnActions),
      cell: (a) => (
        <div className={styles.actionsCell}>
          {emailAccountNeedsValidation(a) ? (
            <Button
              size="small"
              variant="secondary"
              aria-label={t(messages.validateAccount, { name: a.email })}
              onClick={() => openWindow(a.auth_url)}
            >
              {t(messages.validate)}
            </Button>
          ) : null}
          {a.sending_paused_reason ? (
            <Button
              size="small"
              variant="secondary"
              aria-label={t(messages.resumeSendingLabel, { name: a.email })}
              loading={resume.isPending && resume.variables.accountId === a.id}
              onClick={() => resumeSending(a)}
            >
              {t(messages.resumeSending)}
            </Button>
          ) : null}
          <Button
            size="small"
            variant="ghost"
            aria-label={t(signatureMessages.signatureButtonLabel, { name: a.email })}
            onClick={() => setSigning(a)}
            data-testid="email-account-signature"
          >
            {t(signatureMessages.signatureButton)}
          </Button>
        </div>
      ),
    },
  ];

  const error = query.isError ? (
    <LoadError message={messages.emailLoadError} onRetry={() => void query.refetch()} />
  ) : undefined;

  return (
    <Card
      title={t(messages.emailTitle)}
      titleLevel={2}
      description={t(messages.emailDescription)}
      data-testid="email-accounts"
    >
      <div className={styles.cardToolbar}>
        <Button icon={<Plus size={16} aria-hidden="true" />} onClick={onAdd}>
          {t(messages.addEmailAccount)}
        </Button>
      </div>
      <Table
        stackOnPhones
        label={t(messages.emailTableLabel)}
        columns={columns}
        rows={query.data?.email_accounts_list ?? []}
        getRowKey={(a) => a.id}
        loading={query.isPending}
        error={error}
        empty={
          <EmptyState
            title={t(messages.emailEmptyTitle)}
            description={t(messages.emailEmptyDescription)}
          />
        }
      />
      <SignatureDialog account={signing} onClose={() => setSigning(null)} />
    </Card>
  );
}

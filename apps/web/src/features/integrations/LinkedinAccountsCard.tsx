import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod/mini';
import {
  connectLinkedinAccountMutationOptions,
  linkedinAccountsQueryOptions,
  type LinkedinAccount,
} from '@prospecta/api-client';
import {
  accountStateOf,
  linkedinAccountNeedsValidation,
  LINKEDIN_EXTENSION_STORE_URL,
} from '@prospecta/domain';
import {
  Button,
  Card,
  Dialog,
  EmptyState,
  PasswordField,
  Table,
  toast,
  ToneChip,
  type TableColumn,
} from '@prospecta/ui';
import { fieldError, zodValidate } from '../../core/forms';
import { useApiClients } from '../../core/hooks';
import { useZurichDateTime } from '../../core/i18n/useDateFormat';
import { commonMessages, formMessages } from '../../core/messages';
import { stateTones } from './EmailAccountsCard';
import { messages, stateMessages } from './messages';
import { INTEGRATION_TOAST_POSITION } from './model';
import * as styles from './integrations.css';
import { LoadError } from './LoadError';

const cookieSchema = z.object({
  cookie: z
    .string({ error: formMessages.required.id })
    .check(z.trim(), z.minLength(1, { error: formMessages.required.id })),
});

/** §4/§7: an unused LinkedIn account is validated by sending its session cookie, which the user pastes here. */
function ValidateLinkedinDialog({
  account,
  onClose,
}: {
  account: LinkedinAccount | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const connect = useMutation(connectLinkedinAccountMutationOptions(clients, queryClient));
  const formik = useFormik({
    initialValues: { cookie: '' },
    validate: zodValidate(cookieSchema),
    onSubmit: async ({ cookie }, helpers) => {
      if (!account) return;
      try {
        await connect.mutateAsync({ linkedinAccountId: account.id, cookie: cookie.trim() });
        toast.success(t(messages.linkedinValidated, { name: account.name }));
        helpers.resetForm();
        onClose();
      } catch (error) {
        // §7: a failure is logged, and told to the user.
        console.error('LinkedIn account validation failed', error);
        toast.error(t(messages.linkedinValidateFailed), { position: INTEGRATION_TOAST_POSITION });
      }
    },
  });
  const title = account ? t(messages.linkedinValidateTitle, { name: account.name }) : '';
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open) {
          formik.resetForm();
          onClose();
        }
      }}
      title={title}
      description={t(messages.linkedinValidateDescription)}
      closeLabel={t(messages.close)}
      size="medium"
    >
      <form className={styles.form} noValidate onSubmit={formik.handleSubmit} aria-label={title}>
        <PasswordField
          label={t(messages.linkedinCookie)}
          autoComplete="off"
          required
          showPasswordLabel={t(commonMessages.showPassword)}
          hidePasswordLabel={t(commonMessages.hidePassword)}
          {...formik.getFieldProps('cookie')}
          error={fieldError(intl, formik, 'cookie')}
        />
        <div className={styles.actions}>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              formik.resetForm();
              onClose();
            }}
          >
            {t(messages.cancel)}
          </Button>
          <Button type="submit" loading={formik.isSubmitting}>
            {t(messages.validate)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** §2: the LinkedIn accounts, the extension's store page, and the validation of unused accounts. */
export function LinkedinAccountsCard({ userId }: { userId: number | null }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const formatDate = useZurichDateTime();
  const query = useQuery(linkedinAccountsQueryOptions(clients, userId));
  const [validating, setValidating] = useState<LinkedinAccount | null>(null);

  const columns: TableColumn<LinkedinAccount>[] = [
    { key: 'name', header: t(messages.columnName), cell: (a) => a.name },
    {
      key: 'sales-navigator',
      header: t(messages.columnSalesNavigator),
      cell: (a) => t(a.is_sales_navigator_account ? messages.yes : messages.no),
    },
    {
      key: 'state',
      header: t(messages.columnState),
      width: 160,
      cell: (a) => {
        const state = accountStateOf(a);
        return (
          <div className={styles.stateCell} data-testid="linkedin-account-state" data-state={state}>
            <ToneChip tone={stateTones[state]} label={t(stateMessages[state])} />
            {state === 'error' ? (
              <p className={styles.reason}>{t(messages.reasonLinkedinInvalid)}</p>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'first-use',
      header: t(messages.columnFirstUse),
      cell: (a) => t(a.first_use ? messages.notUsedYet : messages.alreadyUsed),
    },
    { key: 'created', header: t(messages.columnCreated), cell: (a) => formatDate(a.created_on) },
    {
      key: 'actions',
      header: t(messages.columnActions),
      cell: (a) =>
        linkedinAccountNeedsValidation(a) ? (
          <Button
            size="small"
            variant="secondary"
            aria-label={t(messages.validateAccount, { name: a.name })}
            onClick={() => setValidating(a)}
          >
            {t(messages.validate)}
          </Button>
        ) : null,
    },
  ];

  const error = query.isError ? (
    <LoadError message={messages.linkedinLoadError} onRetry={() => void query.refetch()} />
  ) : undefined;

  return (
    <Card
      title={t(messages.linkedinTitle)}
      titleLevel={2}
      description={t(messages.linkedinDescription)}
      data-testid="linkedin-accounts"
    >
      <div className={styles.cardToolbar}>
        <a
          className={styles.externalLink}
          href={LINKEDIN_EXTENSION_STORE_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t(messages.extensionLink)}
        </a>
      </div>
      <Table
        stackOnPhones
        label={t(messages.linkedinTableLabel)}
        columns={columns}
        rows={query.data?.linkedin_accounts_list ?? []}
        getRowKey={(a) => a.id}
        loading={query.isPending}
        error={error}
        empty={
          <EmptyState
            title={t(messages.linkedinEmptyTitle)}
            description={t(messages.linkedinEmptyDescription)}
          />
        }
      />
      <ValidateLinkedinDialog account={validating} onClose={() => setValidating(null)} />
    </Card>
  );
}

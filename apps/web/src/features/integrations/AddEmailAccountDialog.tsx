import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useFormik } from 'formik';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { ApiError, queryKeys, unwrap } from '@prospecta/api-client';
import { EMAIL_PROVIDERS, isExternalSignInProvider, type EmailProvider } from '@prospecta/domain';
import {
  addEmailAccountMachine,
  providerShowsServerFields,
  type CreateSmtpAccountInput,
  type StartExternalSignInInput,
  type StartExternalSignInOutput,
} from '@prospecta/machines';
import { Button, Checkbox, Dialog, PasswordField, Spinner, TextField, toast } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../core/forms';
import { useApiClients } from '../../core/hooks';
import { commonMessages } from '../../core/messages';
import { useOpenInNewWindow } from './EmailAccountsCard';
import { messages, providerMessages } from './messages';
import {
  emailAccountFormSchema,
  INTEGRATION_TOAST_POSITION,
  integrationErrorText,
  KNOWN_ERROR_CODES,
  toFormFields,
  toMachineValues,
  type EmailAccountFormFields,
} from './model';
import * as styles from './integrations.css';

/** The parsed error body of a refused call (the machine resolves §8 from it); other failures as they are. */
function bodyOf(error: unknown): unknown {
  return error instanceof ApiError ? error.body : error;
}

/** The machine's actors, bound to the API (POST …/email/smtp and …/email/{provider}). */
function useIntegrationActors(userId: number | null) {
  const clients = useApiClients();
  return useMemo(() => {
    const query = userId === null ? {} : { user_id: userId };
    return {
      startExternalSignIn: fromPromise<StartExternalSignInOutput, StartExternalSignInInput>(
        async ({ input }) => {
          try {
            const created = unwrap(
              await clients.api.POST('/api/v2/integrations/email/{provider}', {
                params: { path: { provider: input.provider }, query },
              }),
            );
            return { redirect_url: created.email_account.redirect_url ?? '' };
          } catch (error) {
            throw bodyOf(error);
          }
        },
      ),
      createSmtpAccount: fromPromise<unknown, CreateSmtpAccountInput>(async ({ input }) => {
        try {
          return unwrap(
            await clients.api.POST('/api/v2/integrations/email/smtp', {
              params: { query },
              body: input,
            }),
          );
        } catch (error) {
          throw bodyOf(error);
        }
      }),
    };
  }, [clients, userId]);
}

function providerHint(provider: EmailProvider) {
  if (isExternalSignInProvider(provider)) return messages.externalProviderHint;
  return providerShowsServerFields(provider)
    ? messages.otherProviderHint
    : messages.formProviderHint;
}

interface FormProps {
  provider: EmailProvider;
  initial: EmailAccountFormFields;
  submitting: boolean;
  /** The §8 text of the last refused submission, repeated in the form (the toast region is hidden from assistive technology while the modal is open). */
  failure: string | null;
  onSubmit: (values: EmailAccountFormFields) => void;
  onBack: () => void;
}

/** The e-mail account form (§3, §5): e-mail and password; for Other also the SMTP and IMAP servers. */
function EmailAccountForm({ provider, initial, submitting, failure, onSubmit, onBack }: FormProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const formik = useFormik<EmailAccountFormFields>({
    initialValues: initial,
    validate: zodValidate(emailAccountFormSchema),
    onSubmit: (values) => onSubmit(values),
  });
  const error = (name: keyof EmailAccountFormFields) =>
    fieldError(intl, formik, name, [messages.invalidPort]);
  // The heading names the picked provider: the hosted presets' forms look alike otherwise.
  const title =
    provider === 'other'
      ? t(messages.formTitleOther)
      : t(messages.formTitle, { provider: t(providerMessages[provider]) });
  const headingId = useId();
  const serverFields = (kind: 'smtp' | 'imap') => {
    const host = `${kind}_host` as const;
    const port = `${kind}_port` as const;
    const secure = `${kind}_secure` as const;
    return (
      <fieldset className={styles.server}>
        <legend className={styles.legend}>
          {t(kind === 'smtp' ? messages.smtpServer : messages.imapServer)}
        </legend>
        <TextField
          label={t(kind === 'smtp' ? messages.smtpHost : messages.imapHost)}
          autoComplete="off"
          spellCheck={false}
          required
          {...formik.getFieldProps(host)}
          error={error(host)}
        />
        <TextField
          label={t(kind === 'smtp' ? messages.smtpPort : messages.imapPort)}
          inputMode="numeric"
          required
          {...formik.getFieldProps(port)}
          error={error(port)}
        />
        <Checkbox
          name={secure}
          label={t(kind === 'smtp' ? messages.smtpSecure : messages.imapSecure)}
          checked={formik.values[secure]}
          onCheckedChange={(checked) => void formik.setFieldValue(secure, checked)}
        />
      </fieldset>
    );
  };
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={formik.handleSubmit}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className={styles.formHeading} data-testid="email-account-form-heading">
        {title}
      </h3>
      <TextField
        label={t(messages.email)}
        type="email"
        autoComplete="email"
        required
        {...formik.getFieldProps('email')}
        error={error('email')}
      />
      <PasswordField
        label={t(messages.password)}
        autoComplete="current-password"
        required
        showPasswordLabel={t(commonMessages.showPassword)}
        hidePasswordLabel={t(commonMessages.hidePassword)}
        {...formik.getFieldProps('password')}
        error={error('password')}
      />
      {providerShowsServerFields(provider) ? (
        <>
          <div className={styles.servers}>
            {serverFields('smtp')}
            {serverFields('imap')}
          </div>
          <p className={styles.muted}>{t(messages.secureHint)}</p>
        </>
      ) : null}
      {failure ? (
        <p className={styles.errorText} role="alert" data-testid="email-account-failure">
          {failure}
        </p>
      ) : null}
      <div className={styles.actionsSplit}>
        <Button type="button" variant="ghost" onClick={onBack} disabled={submitting}>
          {t(messages.back)}
        </Button>
        <Button type="submit" loading={submitting}>
          {t(messages.submit)}
        </Button>
      </div>
    </form>
  );
}

/**
 * The 'Add an email account' modal (§2), 620 to 1200 px wide (§9), driven by addEmailAccountMachine: the machine
 * decides the steps, the calls and when the list refreshes; this component shows them and the §8 toasts.
 */
export function AddEmailAccountDialog({
  userId,
  onClose,
}: {
  userId: number | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const queryClient = useQueryClient();
  const actors = useIntegrationActors(userId);
  const openWindow = useOpenInNewWindow();
  const idPrefix = useId();
  const machine = useMemo(() => addEmailAccountMachine.provide({ actors }), [actors]);
  const [snapshot, send, actorRef] = useMachine(machine, {
    input: { knownErrorCodes: KNOWN_ERROR_CODES },
  });

  const latest = useRef({ intl, openWindow, onClose, queryClient });
  useEffect(() => {
    latest.current = { intl, openWindow, onClose, queryClient };
  });

  useEffect(() => {
    const subscriptions = [
      actorRef.on('window.open', ({ url }) => latest.current.openWindow(url)),
      // §4: after each creation attempt the list is refreshed.
      actorRef.on('accounts.refresh', () => {
        void latest.current.queryClient.invalidateQueries({
          queryKey: queryKeys.integrations.emailAll(),
        });
      }),
    ];
    let previous = actorRef.getSnapshot();
    const transitions = actorRef.subscribe((next) => {
      const before = previous;
      previous = next;
      const { intl: currentIntl, onClose: close } = latest.current;
      const failedNow =
        (next.matches({ form: 'failed' }) && before.matches('submitting')) ||
        (next.matches('signInFailed') && before.matches('startingSignIn'));
      if (failedNow) {
        toast.error(
          integrationErrorText(currentIntl, next.context.errorKey, next.context.errorServer),
          {
            position: INTEGRATION_TOAST_POSITION,
          },
        );
      } else if (next.matches('saved') && !before.matches('saved')) {
        toast.success(currentIntl.formatMessage(messages.saved), {
          position: INTEGRATION_TOAST_POSITION,
        });
        close();
      } else if (next.matches('signInOpened') && !before.matches('signInOpened')) {
        const provider = next.context.provider;
        toast.info(
          currentIntl.formatMessage(messages.signInOpened, {
            provider: provider ? currentIntl.formatMessage(providerMessages[provider]) : '',
          }),
          { position: INTEGRATION_TOAST_POSITION },
        );
        close();
      }
    });
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      transitions.unsubscribe();
    };
  }, [actorRef]);

  const { provider, values, errorKey, errorServer } = snapshot.context;
  let body;
  if (snapshot.matches('startingSignIn')) {
    body = (
      <div className={styles.waiting}>
        <Spinner
          label={t(messages.openingSignIn, {
            provider: provider ? t(providerMessages[provider]) : '',
          })}
        />
        <span aria-hidden="true">
          {t(messages.openingSignIn, { provider: provider ? t(providerMessages[provider]) : '' })}
        </span>
      </div>
    );
  } else if ((snapshot.matches('form') || snapshot.matches('submitting')) && provider && values) {
    body = (
      <EmailAccountForm
        key={provider}
        provider={provider}
        initial={toFormFields(values)}
        submitting={snapshot.matches('submitting')}
        failure={
          snapshot.matches({ form: 'failed' })
            ? integrationErrorText(intl, errorKey, errorServer)
            : null
        }
        onSubmit={(fields) => send({ type: 'form.submit', values: toMachineValues(fields) })}
        onBack={() => send({ type: 'provider.back' })}
      />
    );
  } else {
    body = (
      <div className={styles.dialogBody}>
        {snapshot.matches('signInFailed') && provider ? (
          <div className={styles.loadError} data-testid="sign-in-failed" role="alert">
            <p className={styles.errorText}>
              {t(messages.signInFailed, { provider: t(providerMessages[provider]) })}{' '}
              {integrationErrorText(intl, errorKey, errorServer)}
            </p>
          </div>
        ) : null}
        <p className={styles.muted}>{t(messages.chooseProvider)}</p>
        <ul className={styles.providers} aria-label={t(messages.chooseProvider)}>
          {EMAIL_PROVIDERS.map((option) => (
            <li key={option}>
              <button
                type="button"
                className={styles.providerButton}
                aria-describedby={`${idPrefix}-${option}`}
                onClick={() => send({ type: 'provider.select', provider: option })}
              >
                <span className={styles.providerName}>{t(providerMessages[option])}</span>
                <span
                  className={styles.providerHint}
                  id={`${idPrefix}-${option}`}
                  aria-hidden="true"
                >
                  {t(providerHint(option))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(messages.modalTitle)}
      closeLabel={t(messages.close)}
      size="wide"
      closeOnBackdrop={!snapshot.matches('submitting')}
    >
      {body}
    </Dialog>
  );
}

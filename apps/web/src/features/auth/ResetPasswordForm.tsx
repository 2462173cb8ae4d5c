import { useState } from 'react';
import { useFormik } from 'formik';
import { ApiError, requestPasswordReset } from '@prospecta/api-client';
import { useIntl } from 'react-intl';
import { Button, TextField } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../core/forms';
import { useApiClients } from '../../core/hooks';
import { resetPasswordSchema, type ResetPasswordValues } from '../../core/schemas';
import { formMessages } from '../../core/messages';
import { messages } from './messages';
import * as styles from './auth.css';

type Outcome = 'sent' | 'tooManyAttempts' | 'network' | 'unexpected';

export function ResetPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const intl = useIntl();
  const clients = useApiClients();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const formik = useFormik<ResetPasswordValues>({
    initialValues: { email: '' },
    validate: zodValidate(resetPasswordSchema),
    onSubmit: async (values) => {
      setOutcome(null);
      try {
        await requestPasswordReset(clients, { email: values.email.trim() });
        setOutcome('sent');
      } catch (cause) {
        setOutcome(
          cause instanceof ApiError && cause.status === 429
            ? 'tooManyAttempts'
            : cause instanceof TypeError
              ? 'network'
              : 'unexpected',
        );
      }
    },
  });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={formik.handleSubmit}
      aria-label={intl.formatMessage(messages.resetTitle)}
    >
      <p className={styles.subtitle}>{intl.formatMessage(messages.resetDescription)}</p>
      <TextField
        label={intl.formatMessage(messages.email)}
        type="email"
        autoComplete="email"
        required
        {...formik.getFieldProps('email')}
        error={fieldError(intl, formik, 'email')}
      />
      <Button type="submit" fullWidth loading={formik.isSubmitting}>
        {intl.formatMessage(messages.resetSubmit)}
      </Button>
      {outcome === 'sent' ? (
        <p className={styles.successNotice} role="status">
          {intl.formatMessage(messages.successPasswordReset)}
        </p>
      ) : outcome ? (
        <p className={styles.errorNotice} role="alert">
          {intl.formatMessage(
            outcome === 'tooManyAttempts'
              ? formMessages.tooManyAttempts
              : outcome === 'network'
                ? formMessages.networkError
                : formMessages.unexpectedError,
          )}
        </p>
      ) : null}
      <div className={styles.linkRow}>
        <button type="button" className={styles.textLink} onClick={onBackToLogin}>
          {intl.formatMessage(messages.backToLogin)}
        </button>
      </div>
    </form>
  );
}

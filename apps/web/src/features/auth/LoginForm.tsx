import { useState } from 'react';
import { useFormik } from 'formik';
import { ApiError, requestSignIn } from '@prospecta/api-client';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Button, PasswordField, TextField } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../core/forms';
import { useApiClients } from '../../core/hooks';
import { loginSchema, type LoginValues } from '../../core/schemas';
import { useSessionRuntime, type SessionEndReason } from '../../core/session/runtime';
import { commonMessages, formMessages } from '../../core/messages';
import { messages } from './messages';
import * as styles from './auth.css';

type LoginError = 'invalidCredentials' | 'tooManyAttempts' | 'network' | 'unexpected';

const errorText: Record<LoginError, MessageDescriptor> = {
  invalidCredentials: messages.errorInvalidCredentials,
  tooManyAttempts: formMessages.tooManyAttempts,
  network: formMessages.networkError,
  unexpected: formMessages.unexpectedError,
};

const endNotice: Partial<Record<SessionEndReason, MessageDescriptor>> = {
  expired: messages.sessionExpired,
  refreshFailed: messages.refreshFailed,
  checkFailed: messages.sessionExpired,
  signedOutElsewhere: messages.signedOutElsewhere,
};

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const intl = useIntl();
  const clients = useApiClients();
  const session = useSessionRuntime();
  const [error, setError] = useState<LoginError | null>(null);
  const reason = session.view.status === 'anonymous' ? session.view.reason : null;
  const notice = reason ? endNotice[reason] : undefined;

  const formik = useFormik<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginSchema),
    onSubmit: async (values) => {
      setError(null);
      try {
        session.signIn(
          await requestSignIn(clients, { email: values.email.trim(), password: values.password }),
        );
      } catch (cause) {
        const status = cause instanceof ApiError ? cause.status : null;
        setError(
          status === 400 || status === 401
            ? 'invalidCredentials'
            : status === 429
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
      aria-label={intl.formatMessage(messages.loginTitle)}
    >
      {notice && !error ? <p className={styles.infoNotice}>{intl.formatMessage(notice)}</p> : null}
      <TextField
        label={intl.formatMessage(messages.email)}
        type="email"
        autoComplete="username"
        required
        {...formik.getFieldProps('email')}
        error={fieldError(intl, formik, 'email')}
      />
      <PasswordField
        label={intl.formatMessage(messages.password)}
        showPasswordLabel={intl.formatMessage(commonMessages.showPassword)}
        hidePasswordLabel={intl.formatMessage(commonMessages.hidePassword)}
        required
        {...formik.getFieldProps('password')}
        error={fieldError(intl, formik, 'password')}
      />
      <Button type="submit" fullWidth loading={formik.isSubmitting}>
        {intl.formatMessage(messages.submit)}
      </Button>
      {error ? (
        <p className={styles.errorNotice} role="alert" data-testid="login-error">
          {intl.formatMessage(errorText[error])}
        </p>
      ) : null}
      <div className={styles.linkRow}>
        <button type="button" className={styles.textLink} onClick={onForgotPassword}>
          {intl.formatMessage(messages.forgotPassword)}
        </button>
      </div>
    </form>
  );
}

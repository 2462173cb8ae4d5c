import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import {
  ApiError,
  isPasswordErrors,
  passwordErrorMap,
  requestResetChangePassword,
  requestResetCodeCheck,
} from '@prospecta/api-client';
import { Button, Card, PasswordField } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../core/forms';
import { useApiClients } from '../../core/hooks';
import { changePasswordByLinkSchema, type ChangePasswordByLinkValues } from '../../core/schemas';
import { paths } from '../../core/paths';
import { commonMessages, formMessages, pageNameMessages } from '../../core/messages';
import { useDocumentTitle } from '../../core/documentTitle';
import { messages } from './messages';
import * as styles from './auth.css';

type Outcome = 'changed' | 'invalidLink' | 'failed' | 'network';

/** /change-password?code=… (§2, §5, §8): sets a new password with the code of the e-mailed link. */
export function ChangePasswordPage() {
  const intl = useIntl();
  useDocumentTitle({ page: intl.formatMessage(pageNameMessages.changePassword) });
  const clients = useApiClients();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(code ? null : 'invalidLink');
  // The link is checked when the page opens: an invalid or expired one says so before a password is typed.
  const [checking, setChecking] = useState(code !== '');
  useEffect(() => {
    if (!code) return;
    let current = true;
    requestResetCodeCheck(clients, { code }).then(
      () => {
        if (current) setChecking(false);
      },
      (cause: unknown) => {
        if (!current) return;
        // Only a 400 says the link is bad. Anything else (offline, throttled) shows the form: saving checks again.
        if (cause instanceof ApiError && cause.status === 400) setOutcome('invalidLink');
        setChecking(false);
      },
    );
    return () => {
      current = false;
    };
  }, [clients, code]);

  const formik = useFormik<ChangePasswordByLinkValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: zodValidate(changePasswordByLinkSchema),
    onSubmit: async (values, helpers) => {
      setOutcome(null);
      try {
        await requestResetChangePassword(clients, {
          code,
          new_password: values.password,
          confirm_new_password: values.confirmPassword,
        });
        setOutcome('changed');
      } catch (cause) {
        if (!(cause instanceof ApiError)) {
          setOutcome(cause instanceof TypeError ? 'network' : 'failed');
          return;
        }
        if (isPasswordErrors(cause.body)) {
          const fieldErrors = passwordErrorMap(cause.body);
          const mapped: Record<string, string> = {};
          if (fieldErrors.new_password) mapped.password = fieldErrors.new_password;
          if (fieldErrors.confirm_new_password)
            mapped.confirmPassword = fieldErrors.confirm_new_password;
          if (Object.keys(mapped).length > 0) {
            helpers.setErrors(mapped);
            return;
          }
        }
        setOutcome(cause.status === 400 ? 'invalidLink' : 'failed');
      }
    },
  });

  const title = intl.formatMessage(messages.changeTitle);

  if (outcome === 'changed' || outcome === 'invalidLink') {
    const changed = outcome === 'changed';
    return (
      <Card title={title} titleLevel={1} elevation="raised" padding="large">
        <div className={styles.form}>
          <p
            className={changed ? styles.successNotice : styles.errorNotice}
            role={changed ? 'status' : 'alert'}
          >
            {intl.formatMessage(changed ? messages.successChangePassword : messages.invalidLink)}
          </p>
          <div className={styles.linkRow}>
            <Link className={styles.textLink} to={changed ? paths.login : paths.resetPassword}>
              {intl.formatMessage(changed ? messages.goToLogin : messages.requestNewLink)}
            </Link>
          </div>
        </div>
      </Card>
    );
  }

  if (checking) {
    return (
      <Card title={title} titleLevel={1} elevation="raised" padding="large">
        <p className={styles.subtitle} role="status" data-testid="checking-link">
          {intl.formatMessage(messages.checkingLink)}
        </p>
      </Card>
    );
  }

  return (
    <Card title={title} titleLevel={1} elevation="raised" padding="large">
      <form className={styles.form} noValidate onSubmit={formik.handleSubmit} aria-label={title}>
        <p className={styles.subtitle}>{intl.formatMessage(messages.changeDescription)}</p>
        <PasswordField
          label={intl.formatMessage(messages.newPassword)}
          autoComplete="new-password"
          showPasswordLabel={intl.formatMessage(commonMessages.showPassword)}
          hidePasswordLabel={intl.formatMessage(commonMessages.hidePassword)}
          required
          {...formik.getFieldProps('password')}
          error={fieldError(intl, formik, 'password')}
        />
        <PasswordField
          label={intl.formatMessage(messages.confirmPassword)}
          autoComplete="new-password"
          showPasswordLabel={intl.formatMessage(commonMessages.showPassword)}
          hidePasswordLabel={intl.formatMessage(commonMessages.hidePassword)}
          required
          {...formik.getFieldProps('confirmPassword')}
          error={fieldError(intl, formik, 'confirmPassword')}
        />
        <Button type="submit" fullWidth loading={formik.isSubmitting}>
          {intl.formatMessage(messages.changeSubmit)}
        </Button>
        {outcome ? (
          <p className={styles.errorNotice} role="alert">
            {intl.formatMessage(
              outcome === 'network' ? formMessages.networkError : messages.errorChangePassword,
            )}
          </p>
        ) : null}
        <div className={styles.linkRow}>
          <Link className={styles.textLink} to={paths.login}>
            {intl.formatMessage(messages.backToLogin)}
          </Link>
        </div>
      </form>
    </Card>
  );
}

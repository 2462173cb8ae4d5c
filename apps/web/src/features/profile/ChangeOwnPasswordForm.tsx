import { useState } from 'react';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import { isPasswordErrors, passwordErrorMap } from '@prospecta/api-client';
import { Button, Card, PasswordField, toast } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../app/forms';
import { useApiClients } from '../../app/hooks';
import { changeOwnPasswordSchema, type ChangeOwnPasswordValues } from '../../app/schemas';
import { commonMessages, formMessages } from '../common/messages';
import { messages } from './messages';
import * as styles from './profile.css';

const initialValues: ChangeOwnPasswordValues = {
  current_password: '',
  new_password: '',
  confirm_new_password: '',
};

/** §5: current, new and confirmed new password; the server's per-field errors show beside the fields. */
export function ChangeOwnPasswordForm() {
  const intl = useIntl();
  const clients = useApiClients();
  const [failure, setFailure] = useState<'failed' | 'network' | null>(null);

  const formik = useFormik<ChangeOwnPasswordValues>({
    initialValues,
    validate: zodValidate(changeOwnPasswordSchema),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const { response, error } = await clients.users.POST('/api/users/user/change-password', {
          body: values,
        });
        if (response.ok) {
          helpers.resetForm();
          toast.success(intl.formatMessage(messages.passwordChanged));
          return;
        }
        if (isPasswordErrors(error)) {
          const fieldErrors = passwordErrorMap(error);
          if (Object.keys(fieldErrors).length > 0) {
            helpers.setErrors(fieldErrors);
            return;
          }
        }
        setFailure('failed');
      } catch (cause) {
        setFailure(cause instanceof TypeError ? 'network' : 'failed');
      }
    },
  });

  const passwordField = (
    name: keyof ChangeOwnPasswordValues,
    label: string,
    autoComplete: string,
  ) => (
    <PasswordField
      label={label}
      autoComplete={autoComplete}
      showPasswordLabel={intl.formatMessage(commonMessages.showPassword)}
      hidePasswordLabel={intl.formatMessage(commonMessages.hidePassword)}
      required
      {...formik.getFieldProps(name)}
      error={fieldError(intl, formik, name)}
    />
  );

  const title = intl.formatMessage(messages.passwordTitle);
  return (
    <Card title={title}>
      <form className={styles.form} noValidate onSubmit={formik.handleSubmit} aria-label={title}>
        {passwordField(
          'current_password',
          intl.formatMessage(messages.currentPassword),
          'current-password',
        )}
        {passwordField('new_password', intl.formatMessage(messages.newPassword), 'new-password')}
        {passwordField(
          'confirm_new_password',
          intl.formatMessage(messages.confirmNewPassword),
          'new-password',
        )}
        {failure ? (
          <p className={styles.errorText} role="alert">
            {intl.formatMessage(
              failure === 'network' ? formMessages.networkError : messages.passwordError,
            )}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={formik.isSubmitting}>
            {intl.formatMessage(messages.passwordSubmit)}
          </Button>
        </div>
      </form>
    </Card>
  );
}

import { useState } from 'react';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import {
  ApiError,
  changePasswordMutationOptions,
  isPasswordErrors,
  passwordErrorMap,
} from '@prospecta/api-client';
import { Button, Card, PasswordField, toast } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../core/forms';
import { useApiClients } from '../../core/hooks';
import { changeOwnPasswordSchema, type ChangeOwnPasswordValues } from '../../core/schemas';
import { commonMessages, formMessages } from '../../core/messages';
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
  const changePassword = useMutation(changePasswordMutationOptions(useApiClients()));
  const [failure, setFailure] = useState<'failed' | 'network' | null>(null);

  const formik = useFormik<ChangeOwnPasswordValues>({
    initialValues,
    validate: zodValidate(changeOwnPasswordSchema),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        await changePassword.mutateAsync(values);
        helpers.resetForm();
        toast.success(intl.formatMessage(messages.passwordChanged));
      } catch (cause) {
        if (cause instanceof ApiError && isPasswordErrors(cause.body)) {
          const fieldErrors = passwordErrorMap(cause.body);
          if (Object.keys(fieldErrors).length > 0) {
            helpers.setErrors(fieldErrors);
            return;
          }
        }
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

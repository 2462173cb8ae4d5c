import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { z } from 'zod/mini';
import {
  isPasswordErrorCode,
  MIN_PASSWORD_LENGTH,
  type PasswordErrorCode,
} from '@prospecta/domain';
import { formMessages, passwordTooShortMessage } from './messages';

/**
 * Formik + zod: `validate` for Formik from a zod schema. Schemas carry message ids
 * (e.g. `formMessages.required.id`) as their error messages; `FormErrorText` translates them.
 */
export function zodValidate<T>(schema: z.ZodMiniType<T>) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

const knownMessages: Record<string, MessageDescriptor> = Object.fromEntries(
  Object.values(formMessages).map((descriptor) => [descriptor.id, descriptor]),
);

/** The server's §5 password codes, in the user's language. */
function passwordCodeText(intl: IntlShape, code: PasswordErrorCode): string {
  switch (code) {
    case 'current_password_incorrect':
      return intl.formatMessage(formMessages.currentPasswordIncorrect);
    case 'password_too_short':
      return intl.formatMessage(passwordTooShortMessage, { min: MIN_PASSWORD_LENGTH });
    case 'passwords_do_not_match':
      return intl.formatMessage(formMessages.passwordsDoNotMatch);
    case 'password_unchanged':
      return intl.formatMessage(formMessages.passwordUnchanged);
  }
}

/**
 * Translates a form error: a message id of the zod schemas, or a code the server sent for a field. Anything else
 * (a server without codes) becomes a translated 'refused' sentence, never an untranslated server text.
 */
export function translateFormError(
  intl: IntlShape,
  error: string | undefined,
  /** A feature's own messages its schema uses as errors (their ids). */
  featureMessages: readonly MessageDescriptor[] = [],
): string | undefined {
  if (!error) return undefined;
  const descriptor = knownMessages[error] ?? featureMessages.find((m) => m.id === error);
  if (descriptor) return intl.formatMessage(descriptor);
  if (isPasswordErrorCode(error)) return passwordCodeText(intl, error);
  return intl.formatMessage(formMessages.fieldRefused);
}

/** The error of a field once it was touched (or the form was submitted). */
export function fieldError(
  intl: IntlShape,
  formik: {
    errors: Record<string, unknown>;
    touched: Record<string, unknown>;
    submitCount: number;
  },
  name: string,
  featureMessages: readonly MessageDescriptor[] = [],
): string | undefined {
  const error = formik.errors[name];
  if (typeof error !== 'string') return undefined;
  if (!formik.touched[name] && formik.submitCount === 0) return undefined;
  return translateFormError(intl, error, featureMessages);
}

import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { z } from 'zod/mini';
import { formMessages } from '../features/common/messages';

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

/** Translates a form error: a known message id is formatted; any other text (a server message) is shown as is. */
export function translateFormError(intl: IntlShape, error: string | undefined): string | undefined {
  if (!error) return undefined;
  const descriptor = knownMessages[error];
  return descriptor ? intl.formatMessage(descriptor) : error;
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
): string | undefined {
  const error = formik.errors[name];
  if (typeof error !== 'string') return undefined;
  if (!formik.touched[name] && formik.submitCount === 0) return undefined;
  return translateFormError(intl, error);
}

export type PasswordFieldKey = 'current_password' | 'new_password' | 'confirm_new_password';

/**
 * §5: password-change errors arrive as `{ detail: [{ new_password: '...' }, ...] }`; merged into one map
 * (the first message per field wins). A plain `{ detail: string }` returns null (the caller shows a general error).
 */
export function mergePasswordErrors(
  body: unknown,
): Partial<Record<PasswordFieldKey, string>> | null {
  if (!body || typeof body !== 'object' || !('detail' in body) || !Array.isArray(body.detail))
    return null;
  const merged: Partial<Record<PasswordFieldKey, string>> = {};
  for (const entry of body.detail as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    for (const [key, value] of Object.entries(entry)) {
      if (
        (key === 'current_password' || key === 'new_password' || key === 'confirm_new_password') &&
        !(key in merged)
      ) {
        const text = Array.isArray(value)
          ? value.filter((v) => typeof v === 'string').join(' ')
          : value;
        if (typeof text === 'string' && text) merged[key] = text;
      }
    }
  }
  return Object.keys(merged).length > 0 ? merged : null;
}

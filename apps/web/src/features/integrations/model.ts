import type { IntlShape } from 'react-intl';
import { z } from 'zod/mini';
import { GENERIC_INTEGRATION_ERROR, type MailServer } from '@prospecta/domain';
import type { EmailAccountFormValues } from '@prospecta/machines';
import { formMessages } from '../../core/messages';
import { integrationErrorMessages, messages } from './messages';

const required = formMessages.required.id;
const requiredString = z
  .string({ error: required })
  .check(z.trim(), z.minLength(1, { error: required }));
const port = z.string({ error: messages.invalidPort.id }).check(
  z.refine((value) => /^\s*\d+\s*$/.test(value) && Number(value) >= 1, {
    error: messages.invalidPort.id,
  }),
);

/**
 * §5 e-mail account form: e-mail (valid), password, SMTP host and IMAP host non-empty; SMTP and IMAP ports integers
 * of at least 1. The ports are edited as text and become numbers on submission.
 */
export const emailAccountFormSchema = z.object({
  email: z.pipe(requiredString, z.email({ error: formMessages.invalidEmail.id })),
  password: z.string({ error: required }).check(z.minLength(1, { error: required })),
  smtp_host: requiredString,
  smtp_port: port,
  smtp_secure: z.boolean(),
  imap_host: requiredString,
  imap_port: port,
  imap_secure: z.boolean(),
});
export type EmailAccountFormFields = z.infer<typeof emailAccountFormSchema>;

export function toFormFields(values: EmailAccountFormValues): EmailAccountFormFields {
  return { ...values, smtp_port: String(values.smtp_port), imap_port: String(values.imap_port) };
}

export function toMachineValues(fields: EmailAccountFormFields): EmailAccountFormValues {
  return { ...fields, smtp_port: Number(fields.smtp_port), imap_port: Number(fields.imap_port) };
}

/** The error codes that have a product text (§8 lookup): exactly the catalogue's. */
export const KNOWN_ERROR_CODES: readonly string[] = Object.keys(integrationErrorMessages);

/** §8: the text of a resolved error key; anything without a text is 'An unexpected error occurred, please try again.' */
export function integrationErrorText(
  intl: IntlShape,
  key: string | null,
  server: MailServer | null = null,
): string {
  if (key === null || key === GENERIC_INTEGRATION_ERROR || !(key in integrationErrorMessages))
    return intl.formatMessage(formMessages.unexpectedError);
  return intl.formatMessage(
    integrationErrorMessages[key as keyof typeof integrationErrorMessages],
    {
      server: server ?? 'unknown',
    },
  );
}

/** Where the app's §8 toasts appear (the specification asks for the top centre). */
export const INTEGRATION_TOAST_POSITION = 'top-center' as const;

import type { IntegrationStateMessage } from '@prospecta/domain/contract';
import type { PasswordErrorCode } from '@prospecta/domain';

/** An error answered as JSON with its status. The body defaults to `{ detail }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly body?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (
  detail = 'Authentication credentials were not provided or are not valid.',
) => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, detail);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found.`);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unprocessable = (detail: string) => new HttpError(422, detail);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export type PasswordField = 'current_password' | 'new_password' | 'confirm_new_password';

/** Password-change field errors: `{ detail: [ { field: message }, ... ] }` (422). */
/** §5 per-field password errors, each a code the app writes in the user's language. */
export function passwordErrors(
  errors: Partial<Record<PasswordField, PasswordErrorCode>>,
): HttpError {
  const detail = Object.entries(errors).map(([field, message]) => ({ [field]: message }));
  return new HttpError(422, 'Password change refused.', { detail });
}

export type IntegrationState = IntegrationStateMessage;

/** E-mail integration errors: `{ detail, message: { state_message } }`. */
export function integrationError(
  status: number,
  state: IntegrationState,
  detail: string,
  server?: 'imap' | 'smtp',
): HttpError {
  return new HttpError(status, detail, {
    detail,
    message: server ? { state_message: state, server } : { state_message: state },
  });
}

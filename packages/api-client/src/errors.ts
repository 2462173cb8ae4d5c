import type { ErrorBody, IntegrationError, PasswordErrors } from './schema';

/** A non-2xx answer of the API, with its status and parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, message?: string) {
    super(message ?? describe(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function describe(status: number, body: unknown): string {
  if (isErrorBody(body)) return body.detail;
  return `The server answered ${status}.`;
}

export function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { detail?: unknown }).detail === 'string'
  );
}

export function isPasswordErrors(body: unknown): body is PasswordErrors {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { detail?: unknown }).detail) &&
    (body as { detail: unknown[] }).detail.every(
      (item) => typeof item === 'object' && item !== null,
    )
  );
}

export function isIntegrationError(body: unknown): body is IntegrationError {
  if (!isErrorBody(body)) return false;
  const message = (body as { message?: unknown }).message;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { state_message?: unknown }).state_message === 'string'
  );
}

/**
 * Merges the password-change error list (§5) into one map keyed by field
 * (current_password, new_password, confirm_new_password).
 */
export function passwordErrorMap(
  body: PasswordErrors,
): Partial<Record<'current_password' | 'new_password' | 'confirm_new_password', string>> {
  return Object.assign({}, ...body.detail);
}

/** Turns an openapi-fetch result into its data, or throws ApiError for a non-2xx answer. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw new ApiError(result.response.status, result.error);
  return result.data as T;
}

import type { ApiClients } from './clients';
import { unwrap } from './errors';

// The calls of the public pages (sign-in, forgotten password), made without TanStack Query: the sign-in page loads
// none of its code, and these calls change no cached data. Each rejects with ApiError.

/** POST /api/v2/auth/token/get: the tokens and the user (401: invalid credentials, 429: throttled). */
export async function requestSignIn(
  clients: ApiClients,
  body: { email: string; password: string },
) {
  return unwrap(await clients.api.POST('/api/v2/auth/token/get', { body }));
}

/** POST /api/user/reset-password: sends the reset link to `email` (the answer is the same for an unknown address). */
export async function requestPasswordReset(
  clients: ApiClients,
  body: { email: string },
): Promise<void> {
  unwrap(await clients.users.POST('/api/user/reset-password', { body }));
}

/** POST /api/user/reset-code/check: whether the code of a reset link can still be used (400: invalid or expired). */
export async function requestResetCodeCheck(
  clients: ApiClients,
  body: { code: string },
): Promise<void> {
  unwrap(await clients.users.POST('/api/user/reset-code/check', { body }));
}

/** POST /api/user/reset-change-password: the new password, with the code of the reset link. */
export async function requestResetChangePassword(
  clients: ApiClients,
  body: { code: string; new_password: string; confirm_new_password: string },
): Promise<void> {
  unwrap(await clients.users.POST('/api/user/reset-change-password', { body }));
}

import type { User } from '@prospecta/api-client';

/** The signed-in user as the shell knows it (§3 User, GET /api/users/user). */
export type SessionUser = User;

import type { Db } from '../db/index';

/** How long a process trusts that a session is still open before it asks the database again (at most 1 s). */
export const SESSION_CHECK_MAX_AGE_MS = 1000;
/** Sessions remembered at once; past it the memory starts over (each one costs one read the next time). */
const MAX_ENTRIES = 50_000;

interface Entry {
  userId: number;
  open: boolean;
  checkedAt: number;
}

/**
 * Whether the sign-in (refresh-token family, the access token's `sid`) an access token belongs to is still open.
 * A session ends when its user signs out, signs out everywhere, changes or resets the password, or its refresh
 * token is reused; that is recorded in the database (`refresh_token_families.revoked_at`), so every instance sees
 * it. Each process remembers an open session for at most SESSION_CHECK_MAX_AGE_MS (one read per session and second
 * under load) and an ended one for good (it never reopens); the process that ends sessions forgets them at once.
 */
export class SessionCheck {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = SESSION_CHECK_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async isOpen(sessionId: string, userId: number): Promise<boolean> {
    const now = this.now();
    const known = this.entries.get(sessionId);
    if (known && known.userId === userId && (!known.open || now - known.checkedAt < this.maxAgeMs))
      return known.open;
    const row = await this.db
      .selectFrom('refresh_token_families')
      .select(['user_id', 'revoked_at', 'expires_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    const open =
      !!row &&
      row.user_id === userId &&
      row.revoked_at === null &&
      new Date(row.expires_at).getTime() > now;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    // A session of another user is not remembered under this one.
    if (!row || row.user_id === userId)
      this.entries.set(sessionId, { userId, open, checkedAt: now });
    return open;
  }

  /** After this process ended sessions of a user: the next check of each reads the database. */
  forgetUser(userId: number): void {
    for (const [id, entry] of this.entries) if (entry.userId === userId) this.entries.delete(id);
  }
}

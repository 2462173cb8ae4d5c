import { sql } from 'kysely';
import { inTransaction, type Db } from '../db/index';
import type { UserRow } from '../db/types';

/** The most users one search of the staff's user switcher answers. */
export const USER_SEARCH_LIMIT = 50;

/** A refresh token with its family (the sign-in it belongs to). */
export interface RefreshTokenRow {
  id: number;
  used_at: Date | null;
  family_id: string;
  user_id: number;
  expires_at: Date | string;
  revoked_at: Date | null;
}

export interface ResetCodeRow {
  id: number;
  user_id: number;
  expires_at: Date | string;
  used_at: Date | null;
}

/**
 * The users aggregate: accounts and their profile, the staff's user list, password hashes, the sessions
 * (refresh-token families and their tokens) and the password-reset codes. Secrets arrive hashed: generating,
 * hashing and checking them is security/'s business (tokens.ts, password.ts).
 */
export function usersRepository(db: Db) {
  /** Marks a single-use secret (refresh token, reset code) used, once: true for the one caller that spent it. */
  async function spendOnce(table: 'refresh_tokens' | 'reset_codes', id: number): Promise<boolean> {
    const spent = await db
      .updateTable(table)
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return spent !== undefined;
  }

  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The account of an e-mail address, whatever its case (`email` already lower-cased). */
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst();
    },

    /**
     * The staff's user list: everyone, or those whose first name, last name, full name, e-mail or company contains
     * `search` (lower-cased, LIKE wildcards taken literally), by last then first name, at most USER_SEARCH_LIMIT.
     */
    search(search: string): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll();
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(first_name)`, 'like', pattern),
            eb(sql`lower(last_name)`, 'like', pattern),
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
            eb(sql`lower(email)`, 'like', pattern),
            eb(sql`lower(company_name)`, 'like', pattern),
          ]),
        );
      }
      return query
        .orderBy(sql`lower(last_name)`)
        .orderBy(sql`lower(first_name)`)
        .orderBy('id')
        .limit(USER_SEARCH_LIMIT)
        .execute();
    },

    async setPasswordHash(userId: number, hash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
    },

    // ── sessions: one refresh-token family per sign-in ──

    /** A new sign-in: its family and first token, together. */
    async createSession(session: {
      familyId: string;
      userId: number;
      expiresAt: Date;
      tokenHash: string;
    }): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx
          .insertInto('refresh_token_families')
          .values({ id: session.familyId, user_id: session.userId, expires_at: session.expiresAt })
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({ family_id: session.familyId, token_hash: session.tokenHash })
          .execute();
      });
    },

    findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return db
        .selectFrom('refresh_tokens as t')
        .innerJoin('refresh_token_families as f', 'f.id', 't.family_id')
        .select([
          't.id',
          't.used_at',
          'f.id as family_id',
          'f.user_id',
          'f.expires_at',
          'f.revoked_at',
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Spends a refresh token atomically: true for the one caller that spent it, false when it was already spent. */
    spendRefreshToken(id: number): Promise<boolean> {
      return spendOnce('refresh_tokens', id);
    },

    async addRefreshToken(familyId: string, tokenHash: string): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({ family_id: familyId, token_hash: tokenHash })
        .execute();
    },

    /** The family (sign-in) of a refresh token, spent or not. */
    async sessionOfToken(
      tokenHash: string,
    ): Promise<{ familyId: string; userId: number } | undefined> {
      const row = await db
        .selectFrom('refresh_tokens as t')
        .innerJoin('refresh_token_families as f', 'f.id', 't.family_id')
        .select(['f.id', 'f.user_id'])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ? { familyId: row.id, userId: row.user_id } : undefined;
    },

    async revokeSession(familyId: string, reason: string): Promise<void> {
      await db
        .updateTable('refresh_token_families')
        .set({ revoked_at: new Date(), revoked_reason: reason })
        .where('id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * Ends every live session of the user but `keep` (the session that changed the password), and answers how many:
     * after a password change or reset, and for 'sign out everywhere'. Their access tokens are refused from then on
     * (security/sessions.ts).
     */
    async revokeSessions(userId: number, reason: string, keep?: string | null): Promise<number> {
      let query = db
        .updateTable('refresh_token_families')
        .set({ revoked_at: new Date(), revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keep) query = query.where('id', '!=', keep);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    // ── password-reset codes (stored hashed, single use) ──

    async addResetCode(userId: number, codeHash: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('reset_codes')
        .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt })
        .execute();
    },

    findResetCode(codeHash: string): Promise<ResetCodeRow | undefined> {
      return db
        .selectFrom('reset_codes')
        .select(['id', 'user_id', 'expires_at', 'used_at'])
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
    },

    /** Spends a reset code atomically: true for the one caller that spent it. */
    spendResetCode(id: number): Promise<boolean> {
      return spendOnce('reset_codes', id);
    },

    /** Spends every code of the user still pending. */
    async spendResetCodesOf(userId: number): Promise<void> {
      await db
        .updateTable('reset_codes')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },

    // ── password changes: the new hash and the end of the sessions in one transaction ──

    /**
     * A password reset: the code spent, the new hash, the user's other codes spent and every session ended, together
     * or not at all (false: the code was spent already).
     */
    resetPassword(codeId: number, userId: number, hash: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const users = usersRepository(trx);
        if (!(await users.spendResetCode(codeId))) return false;
        await users.setPasswordHash(userId, hash);
        await users.spendResetCodesOf(userId);
        await users.revokeSessions(userId, 'password_reset');
        return true;
      });
    },

    /** A password change: the new hash and the end of every other session (all but `keep`), together. */
    changePassword(userId: number, hash: string, keep: string | null): Promise<void> {
      return inTransaction(db, async (trx) => {
        const users = usersRepository(trx);
        await users.setPasswordHash(userId, hash);
        await users.revokeSessions(userId, 'password_change', keep);
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;

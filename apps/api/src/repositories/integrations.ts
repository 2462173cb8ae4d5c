import { sql, type Insertable, type Selectable } from 'kysely';
import type { SentCopyError } from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';
import type {
  EmailAccountRow,
  EmailAccountsTable,
  LinkedinAccountRow,
  OAuthStatesTable,
} from '../db/types';

export type OAuthStateRow = Selectable<OAuthStatesTable>;

/** An SMTP/IMAP account as the live check accepted it (the password is sealed once the row has its id). */
export type NewSmtpAccount = Pick<
  Insertable<EmailAccountsTable>,
  | 'user_id'
  | 'name'
  | 'email'
  | 'account_type'
  | 'smtp_host'
  | 'smtp_port'
  | 'smtp_secure'
  | 'imap_host'
  | 'imap_port'
  | 'imap_secure'
>;

/** A pending external sign-in account: invalid, no address yet (the sign-in names the mailbox). */
export type NewOAuthAccount = Pick<
  Insertable<EmailAccountsTable>,
  'user_id' | 'name' | 'account_type'
> & { oauth_link_key: string };

export interface NewSignInState {
  stateHash: string;
  provider: string;
  codeVerifierEnc: string;
  expiresAt: Date;
}

export interface WatchFailure {
  /** The §8-style code shown on the account (last_error). */
  code: string;
  /** The account can no longer be read until the user acts: mark it invalid. */
  invalidate: boolean;
  /** Drop the stored tokens (an external sign-in whose consent was withdrawn: they open nothing any more). */
  dropTokens?: boolean;
}

/**
 * The integrations aggregate: e-mail accounts, their external sign-in states and imported mails, and
 * LinkedIn accounts. The routes (routes/integrations.ts) and the mailbox watch (integrations/mailbox-watch.ts) call it.
 * Secrets arrive sealed (SecretBox): it never sees them in clear.
 */
export function integrationsRepository(db: Db) {
  const emailAccount = (id: number) =>
    db.selectFrom('email_accounts').selectAll().where('id', '=', id);
  /** Valid accounts that can be read: a stored IMAP password, or tokens of a configured external sign-in. */
  const watched = (oauthAccountTypes: readonly string[]) =>
    db
      .selectFrom('email_accounts')
      .selectAll()
      .where('is_valid', '=', true)
      .where((eb) => {
        const password = eb.and([
          eb('imap_host', 'is not', null),
          eb('imap_port', 'is not', null),
          eb('password_enc', 'is not', null),
        ]);
        if (oauthAccountTypes.length === 0) return password;
        return eb.or([
          password,
          eb.and([
            eb('account_type', 'in', [...oauthAccountTypes]),
            eb('oauth_tokens_enc', 'is not', null),
          ]),
        ]);
      });

  return {
    // ── e-mail accounts ──

    /** A user's e-mail accounts, oldest first. */
    emailAccountsOf(userId: number): Promise<EmailAccountRow[]> {
      return db
        .selectFrom('email_accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_on')
        .orderBy('id')
        .execute();
    },

    findEmailAccount(id: number): Promise<EmailAccountRow | undefined> {
      return emailAccount(id).executeTakeFirst();
    },

    /** An account of this type (GOOGLE, MICROSOFT), e.g. the account an auth_url names. */
    findEmailAccountOfType(id: number, accountType: string): Promise<EmailAccountRow | undefined> {
      return emailAccount(id).where('account_type', '=', accountType).executeTakeFirst();
    },

    /** The user's invalid account of this type, if any (§8 inactive_email_account_already_exists). */
    async findInvalidAccountOfType(
      userId: number,
      accountType: string,
    ): Promise<number | undefined> {
      const row = await db
        .selectFrom('email_accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('account_type', '=', accountType)
        .where('is_valid', '=', false)
        .executeTakeFirst();
      return row?.id;
    },

    /** Another account of the user with this address (case-insensitive), if any. */
    async findOtherAccountWithAddress(
      userId: number,
      email: string,
      exceptId: number,
    ): Promise<number | undefined> {
      const row = await db
        .selectFrom('email_accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '!=', exceptId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },

    /** Stores a checked SMTP/IMAP account, valid, with its password sealed for its id (`seal(id)`), in one transaction. */
    insertSmtpAccount(
      values: NewSmtpAccount,
      seal: (accountId: number) => string,
    ): Promise<EmailAccountRow> {
      return inTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('email_accounts')
          .values({ ...values, is_valid: true })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx
          .updateTable('email_accounts')
          .set({ password_enc: seal(inserted.id) })
          .where('id', '=', inserted.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /**
     * Stores a pending external sign-in account, its auth_url (`authUrl(id)`) and the state of its first sign-in, in
     * one transaction (states expired before `sweepBefore` are deleted on the way).
     */
    insertOAuthAccount(
      values: NewOAuthAccount,
      authUrl: (accountId: number) => string,
      state: NewSignInState,
      sweepBefore: Date,
    ): Promise<EmailAccountRow> {
      return inTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('email_accounts')
          .values({ ...values, email: '', is_valid: false })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = await trx
          .updateTable('email_accounts')
          .set({ auth_url: authUrl(inserted.id) })
          .where('id', '=', inserted.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await integrationsRepository(trx).saveSignInState(row.id, state, sweepBefore);
        return row;
      });
    },

    /** Why the last sign-in of an account failed (kept until a sign-in succeeds). */
    async recordSignInFailure(accountId: number, code: string): Promise<void> {
      await db
        .updateTable('email_accounts')
        .set({ last_error: code })
        .where('id', '=', accountId)
        .execute();
    },

    /**
     * A finished sign-in: the mailbox's address, the sealed tokens, valid and without error. Another mailbox than the
     * one read before (a sign-in with another account of the provider) is read from its start.
     */
    async completeSignIn(accountId: number, email: string, tokensEnc: string): Promise<void> {
      const before = await emailAccount(accountId).executeTakeFirst();
      const sameMailbox = before ? before.email.toLowerCase() === email.toLowerCase() : false;
      await db
        .updateTable('email_accounts')
        .set({
          email,
          is_valid: true,
          last_error: null,
          oauth_tokens_enc: tokensEnc,
          ...(sameMailbox ? {} : { imap_uidvalidity: null, imap_last_uid: 0 }),
        })
        .where('id', '=', accountId)
        .execute();
    },

    // ── external sign-in states ──

    /** Records a started sign-in of an account; states expired before `sweepBefore` are deleted on the way. */
    async saveSignInState(
      accountId: number,
      state: NewSignInState,
      sweepBefore: Date,
    ): Promise<void> {
      await db.deleteFrom('oauth_states').where('expires_at', '<', sweepBefore).execute();
      await db
        .insertInto('oauth_states')
        .values({
          state_hash: state.stateHash,
          email_account_id: accountId,
          provider: state.provider,
          code_verifier_enc: state.codeVerifierEnc,
          expires_at: state.expiresAt,
        })
        .execute();
    },

    /** Takes a state (single use: deleted whatever comes next). */
    takeSignInState(stateHash: string): Promise<OAuthStateRow | undefined> {
      return db
        .deleteFrom('oauth_states')
        .where('state_hash', '=', stateHash)
        .returningAll()
        .executeTakeFirst();
    },

    // ── the mailbox watch ──

    /**
     * The accounts the mailbox watch reads: valid SMTP/IMAP accounts with a stored password, and valid accounts of
     * the external sign-in types given (those whose provider is configured) with stored tokens.
     */
    watchedAccounts(oauthAccountTypes: readonly string[]): Promise<EmailAccountRow[]> {
      return watched(oauthAccountTypes).orderBy('id').execute();
    },

    /** The ids of `watchedAccounts`, lowest first (what the IDLE connections are kept for). */
    async watchedAccountIds(oauthAccountTypes: readonly string[]): Promise<number[]> {
      const rows = await watched(oauthAccountTypes)
        .clearSelect()
        .select('id')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** One account, when the mailbox watch reads it (as `watchedAccounts`). */
    watchedAccount(
      id: number,
      oauthAccountTypes: readonly string[],
    ): Promise<EmailAccountRow | undefined> {
      return watched(oauthAccountTypes).where('id', '=', id).executeTakeFirst();
    },

    /**
     * The watched accounts due for a read at `now`: every one whose last read worked, and a failing one once its
     * wait has passed since its last read (the interval, doubled at each consecutive failure, at most `maxWaitSeconds`).
     */
    dueWatchedAccounts(
      oauthAccountTypes: readonly string[],
      schedule: { intervalSeconds: number; maxWaitSeconds: number; now: Date },
    ): Promise<EmailAccountRow[]> {
      return watched(oauthAccountTypes)
        .where((eb) =>
          eb.or([
            eb('watch_failures', '=', 0),
            eb('last_checked_at', 'is', null),
            eb(
              sql<Date>`last_checked_at + least(${schedule.intervalSeconds}::float8 * power(2, least(watch_failures, 30)), ${schedule.maxWaitSeconds}::float8) * interval '1 second'`,
              '<=',
              schedule.now,
            ),
          ]),
        )
        .orderBy('id')
        .execute();
    },

    /** Claims a mail for import: false when this account already imported that Message-ID. */
    async claimImportedMail(accountId: number, messageId: string): Promise<boolean> {
      const claimed = await db
        .insertInto('imported_mails')
        .values({ email_account_id: accountId, message_id: messageId })
        .onConflict((oc) => oc.doNothing())
        .returning('message_id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** The history entry an imported mail became. */
    async linkImportedMail(
      accountId: number,
      messageId: string,
      historyEntryId: number | null,
    ): Promise<void> {
      await db
        .updateTable('imported_mails')
        .set({ history_entry_id: historyEntryId })
        .where('email_account_id', '=', accountId)
        .where('message_id', '=', messageId)
        .execute();
    },

    /** A successful read: where it stopped, when, and no error. */
    async recordMailboxRead(
      accountId: number,
      uidValidity: string,
      lastUid: number,
    ): Promise<void> {
      await db
        .updateTable('email_accounts')
        .set({
          imap_uidvalidity: uidValidity,
          imap_last_uid: lastUid,
          last_checked_at: new Date(),
          last_error: null,
          watch_failures: 0,
        })
        .where('id', '=', accountId)
        .execute();
    },

    /** A failed read: its code and time, and (when the user must act) the account made invalid. */
    async recordMailboxFailure(accountId: number, failure: WatchFailure): Promise<void> {
      await db
        .updateTable('email_accounts')
        .set({
          last_error: failure.code,
          last_checked_at: new Date(),
          watch_failures: sql`watch_failures + 1`,
          ...(failure.invalidate ? { is_valid: false } : {}),
          ...(failure.dropTokens ? { oauth_tokens_enc: null } : {}),
        })
        .where('id', '=', accountId)
        .execute();
    },

    /**
     * How the last copy of an answer into the mailbox's Sent folder went (decision 0251): a failure's code and time,
     * or nothing once a copy works.
     */
    async recordSentCopy(accountId: number, error: SentCopyError | null, at = new Date()) {
      await db
        .updateTable('email_accounts')
        .set({ sent_copy_error: error, sent_copy_failed_at: error === null ? null : at })
        .where('id', '=', accountId)
        .execute();
    },

    /** New tokens of an external sign-in account (sealed), after a refresh. */
    async saveOAuthTokens(accountId: number, tokensEnc: string): Promise<void> {
      await db
        .updateTable('email_accounts')
        .set({ oauth_tokens_enc: tokensEnc })
        .where('id', '=', accountId)
        .execute();
    },

    // ── LinkedIn accounts ──

    linkedinAccountsOf(userId: number): Promise<LinkedinAccountRow[]> {
      return db
        .selectFrom('linkedin_accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_on')
        .orderBy('id')
        .execute();
    },

    findLinkedinAccount(id: number): Promise<LinkedinAccountRow | undefined> {
      return db.selectFrom('linkedin_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Stores a LinkedIn session cookie (sealed): the account is valid and used. */
    connectLinkedinAccount(id: number, cookieEnc: string): Promise<LinkedinAccountRow> {
      return db
        .updateTable('linkedin_accounts')
        .set({ session_cookie_enc: cookieEnc, is_valid: true, first_use: false })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The campaigns send from the mailbox again: its engine pause and its consecutive send errors cleared. */
    resumeSending(id: number): Promise<EmailAccountRow> {
      return db
        .updateTable('email_accounts')
        .set({ sending_paused_at: null, sending_paused_reason: null, send_errors: 0 })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The signature of the answers sent from the mailbox (already normalised). */
    setSignature(id: number, signature: string): Promise<EmailAccountRow> {
      return db
        .updateTable('email_accounts')
        .set({ signature })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof integrationsRepository>;

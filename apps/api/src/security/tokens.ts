import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Db } from '../db/index';

export interface TokenSettings {
  /** HMAC key for access tokens (HS256). */
  jwtSecret: Uint8Array;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Absolute lifetime of a refresh token family in seconds (rotation never extends it). */
  refreshTokenTtl: number;
  issuer: string;
}

export interface AccessClaims {
  userId: number;
  isStaff: boolean;
  /** The refresh-token family (the sign-in) the token was issued for: `sid`. */
  sessionId?: string | undefined;
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export async function signAccessToken(settings: TokenSettings, claims: AccessClaims): Promise<string> {
  return new SignJWT({ staff: claims.isStaff, typ: 'access', ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(settings.issuer)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${settings.accessTokenTtl}s`)
    .sign(settings.jwtSecret);
}

/** Returns the claims of a valid, unexpired access token, else null. */
export async function readAccessToken(settings: TokenSettings, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.jwtSecret, {
      issuer: settings.issuer,
      algorithms: ['HS256'],
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return { userId, isStaff: payload.staff === true, sessionId: typeof payload.sid === 'string' ? payload.sid : undefined };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

const newRefreshSecret = (): string => randomBytes(32).toString('base64url');

/** Starts a new refresh-token family (one per login) and returns its first token and the family id. */
export async function issueRefreshToken(db: Db, settings: TokenSettings, userId: number): Promise<{ token: string; familyId: string }> {
  const familyId = randomUUID();
  const token = newRefreshSecret();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('refresh_token_families')
      .values({ id: familyId, user_id: userId, expires_at: new Date(Date.now() + settings.refreshTokenTtl * 1000) })
      .execute();
    await trx.insertInto('refresh_tokens').values({ family_id: familyId, token_hash: sha256(token) }).execute();
  });
  return { token, familyId };
}

export type RotateResult =
  | { ok: true; userId: number; refresh: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Spends a refresh token and hands out its successor in the same family.
 * A token that was already spent means it leaked (or two tabs raced): the
 * whole family is revoked, so neither holder can continue.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<RotateResult> {
  const row = await db
    .selectFrom('refresh_tokens as t')
    .innerJoin('refresh_token_families as f', 'f.id', 't.family_id')
    .select(['t.id', 't.used_at', 'f.id as family_id', 'f.user_id', 'f.expires_at', 'f.revoked_at'])
    .where('t.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (new Date(row.expires_at).getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  // Claim the token atomically: only one request can spend it.
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    await revokeFamily(db, row.family_id, 'reuse_detected');
    return { ok: false, reason: 'reused' };
  }
  const next = newRefreshSecret();
  await db.insertInto('refresh_tokens').values({ family_id: row.family_id, token_hash: sha256(next) }).execute();
  return { ok: true, userId: row.user_id, refresh: next, familyId: row.family_id };
}

export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<void> {
  await db
    .updateTable('refresh_token_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Sign-out: revokes the family of the given token. Unknown tokens are ignored. */
export async function revokeByToken(db: Db, token: string): Promise<void> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id, 'sign_out');
}

/**
 * Ends every session (refresh-token family) of the user, but the one given in `keep` (the session that
 * changed the password): after a password change or reset, and for 'sign out everywhere'. Access tokens
 * already handed out stay valid until they expire (ACCESS_TOKEN_TTL, 15 minutes by default).
 */
export async function revokeAllForUser(db: Db, userId: number, reason: string, keep?: string | null): Promise<number> {
  let query = db
    .updateTable('refresh_token_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

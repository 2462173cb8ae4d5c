import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { UsersRepository } from '../repositories/users';

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
  /** The refresh-token family (the sign-in) the token was issued for: `sid`; the token dies with it. */
  sessionId: string;
}

/** A user id as this server writes it in `sub`: decimal, no sign, no leading zero, no exponent nor hex. */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export async function signAccessToken(
  settings: TokenSettings,
  claims: AccessClaims,
): Promise<string> {
  return new SignJWT({
    staff: claims.isStaff,
    typ: 'access',
    sid: claims.sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(settings.issuer)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${settings.accessTokenTtl}s`)
    .sign(settings.jwtSecret);
}

/**
 * Returns the claims of a valid access token, else null: signed by this server, with an expiry that has not passed
 * (a token without `exp` never passes), a user id written as this server writes it, and its session. Whether that
 * session is still open is SessionCheck's question (security/sessions.ts).
 */
export async function readAccessToken(
  settings: TokenSettings,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.jwtSecret, {
      issuer: settings.issuer,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    if (!CANONICAL_ID.test(payload.sub) || typeof payload.sid !== 'string' || !payload.sid)
      return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId)) return null;
    return { userId, isStaff: payload.staff === true, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

const newRefreshSecret = (): string => randomBytes(32).toString('base64url');

/** Starts a new refresh-token family (one per login) and returns its first token and the family id. */
export async function issueRefreshToken(
  users: UsersRepository,
  settings: TokenSettings,
  userId: number,
): Promise<{ token: string; familyId: string }> {
  const familyId = randomUUID();
  const token = newRefreshSecret();
  await users.createSession({
    familyId,
    userId,
    expiresAt: new Date(Date.now() + settings.refreshTokenTtl * 1000),
    tokenHash: sha256(token),
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
export async function rotateRefreshToken(
  users: UsersRepository,
  token: string,
): Promise<RotateResult> {
  const row = await users.findRefreshToken(sha256(token));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (new Date(row.expires_at).getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  // Claim the token atomically: only one request can spend it.
  if (!(await users.spendRefreshToken(row.id))) {
    await users.revokeSession(row.family_id, 'reuse_detected');
    return { ok: false, reason: 'reused' };
  }
  const next = newRefreshSecret();
  await users.addRefreshToken(row.family_id, sha256(next));
  return { ok: true, userId: row.user_id, refresh: next, familyId: row.family_id };
}

/** Sign-out: revokes the family of the given token and answers its user. Unknown tokens are ignored (null). */
export async function revokeByToken(users: UsersRepository, token: string): Promise<number | null> {
  const session = await users.sessionOfToken(sha256(token));
  if (!session) return null;
  await users.revokeSession(session.familyId, 'sign_out');
  return session.userId;
}

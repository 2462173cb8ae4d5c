import type { BackgroundQueue } from '../mail/queue';
import type { AccountBackoff } from '../security/login-guard';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/index';
import type { UserRow } from '../db/types';
import type { Mailer } from '../mail/mailer';
import type { SecretBox } from '../security/secret-box';
import type { ScryptParams } from '../security/password';
import type { TokenSettings } from '../security/tokens';
import type { ContractOperation } from './contract';
import type { FailureLimiter } from './rate-limit';
import type { MailChecker } from '../integrations/mail-check';
import type { ListCache } from './list-cache';

export interface Services {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  /** Work done after the answer (reset e-mails), retried with backoff. */
  background: BackgroundQueue;
  secretBox: SecretBox;
  tokens: TokenSettings;
  scrypt: ScryptParams;
  loginLimiter: FailureLimiter;
  /** Progressive per-account slow-down of failed logins and of wrong current passwords (no lock-out). */
  accountBackoff: AccountBackoff;
  resetLimiter: FailureLimiter;
  /** Live IMAP + SMTP login check of a new SMTP/IMAP account. */
  mailCheck: MailChecker;
  listCache: ListCache;
  log: FastifyBaseLogger;
}

/** The signed-in user of a request. */
export interface Principal {
  user: UserRow;
  id: number;
  isStaff: boolean;
  /** The refresh-token family (sign-in) of the access token, when it names one. */
  sessionId: string | null;
}

export interface HandlerContext<P = Record<string, unknown>> {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Path parameters under the handler's own names (mapped by position from the contract). */
  params: P;
  query: Record<string, unknown>;
  body: unknown;
  principal: Principal | null;
  services: Services;
  op: ContractOperation;
}

export type HandlerResult =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** A JSON body already serialized (large lists built by the database). */
  | { status: number; jsonText: string; headers?: Record<string, string> }
  | { status: number; binary: Buffer; contentType: string; headers?: Record<string, string> };

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI-style path with the handler's parameter names, e.g. /api/v1/users/{userId}/dashboard */
  path: string;
  /** public: no bearer; user: any signed-in user; staff: staff only (403 otherwise). */
  auth: 'public' | 'user' | 'staff';
  /** Reads the multipart body itself (no JSON body validation). */
  multipart?: boolean;
  /** Not gated by X-App-Version (dev tools). */
  skipVersionCheck?: boolean;
  handle(ctx: HandlerContext<Record<string, number | string>>): Promise<HandlerResult>;
}

export const json = (status: number, body: unknown): HandlerResult => ({ status, body });
export const noContent = (): HandlerResult => ({ status: 204 });
export const jsonText = (status: number, text: string): HandlerResult => ({ status, jsonText: text });

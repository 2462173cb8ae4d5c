import type { Readable } from 'node:stream';
import type { AppJobQueue } from '../jobs/registry';
import type { AccountBackoff } from '../security/login-guard';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { paths } from '@prospecta/domain/contract';
import type { ServerConfig } from '../config';
import type { Db } from '../db/index';
import type { UserRow } from '../db/types';
import type { MailCatcher } from '../mail/catcher';
import type { Mailer } from '../mail/mailer';
import type { SecretBox } from '../security/secret-box';
import type { ScryptParams } from '../security/password';
import type { TokenSettings } from '../security/tokens';
import type { ContractOperation } from './contract';
import type { Limits } from './limits';
import type { MailChecker } from '../integrations/mail-check';
import type { MailboxWatchOptions } from '../integrations/mailbox-watch';
import type { MailHostGuard } from '../integrations/mail-hosts';
import type { SessionCheck } from '../security/sessions';
import type { OAuthClients } from '../integrations/oauth';
import type { ListCache } from './list-cache';
import type { LiveHub } from './live';
import type { RequestActivity } from './request-activity';
import type { UnreadCounts } from './unread-counts';
import type { Repositories } from '../repositories/index';
import type { LinkSigner } from '../engine/links';
import type { SequencePlanner } from '../engine/deliver';
import type { SmtpOptions } from '../engine/transport';

export interface Services {
  /** The database; handlers reach it through `repos` (the routes hold no SQL). */
  db: Db;
  /** One repository per aggregate, bound to `db` (src/repositories/). */
  repos: Repositories;
  config: ServerConfig;
  mailer: Mailer;
  /**
   * The local mail catcher (MAIL_CATCHER, development and CI), started with the server and closed with it; null: off.
   * Campaign mails go to it instead of the mailbox's SMTP when it is on (mail/catcher.ts `catcherTransport`).
   */
  mailCatcher: MailCatcher | null;
  /** Background work kept in the database (reset e-mails, the mailbox watch): jobs/registry.ts. */
  jobs: AppJobQueue;
  secretBox: SecretBox;
  tokens: TokenSettings;
  scrypt: ScryptParams;
  /** The per-client-address limits (@fastify/rate-limit, counted in the database). */
  limits: Limits;
  /** Progressive per-account slow-down of failed logins and of wrong current passwords (no lock-out). */
  accountBackoff: AccountBackoff;
  /** Whether an access token's session is still open (ended sessions are refused on every instance within 1 s). */
  sessions: SessionCheck;
  /** Live IMAP + SMTP login check of a new SMTP/IMAP account (to servers mailHosts checked). */
  mailCheck: MailChecker;
  /** Which users' mail servers may be reached: resolves a host once, refuses internal addresses and other ports. */
  mailHosts: MailHostGuard;
  /** The mailbox watch's IMAP options beyond its defaults (the tests' certificate authority); empty when deployed. */
  mailWatchConnection: MailboxWatchOptions;
  /** External sign-in (OAuth 2.0 with PKCE) of the large mail providers. */
  oauth: OAuthClients;
  listCache: ListCache;
  /** The live event streams of the signed-in tabs (http/live.ts): per-user changes, announced by the database. */
  live: LiveHub;
  /** Each user's unread answers' count, kept until their inbox or prospects change (the profile call). */
  unreadCounts: UnreadCounts;
  log: FastifyBaseLogger;
  /** Signs and checks the links of the campaigns' mails (unsubscribe, open pixel, clicks): engine/links.ts. */
  linkSigner: LinkSigner;
  /**
   * The planner's part the deliverer calls when a send ends (engine/plan.ts); null until it is wired: the send jobs
   * then do not run on this instance (their jobs wait).
   */
  sequencePlanner: SequencePlanner | null;
  /**
   * How the answers sent from the inbox reach the users' mail servers besides the defaults (engine/transport.ts: 10 s
   * timeouts, the system's certificate authorities): set by the tests to trust their peers' certificate.
   */
  userSmtp?: SmtpOptions;
  /**
   * Rows an import writes per statement while validating and stores per transaction while committing
   * (imports/jobs.ts): fewer on the embedded database, whose one connection serves the requests between them.
   */
  importBatchRows: number;
  /** The requests in flight, which long background work on the embedded database waits for (request-activity.ts). */
  requestActivity: RequestActivity;
}

/** The signed-in user of a request. */
export interface Principal {
  user: UserRow;
  id: number;
  isStaff: boolean;
  /** The refresh-token family (sign-in) of the access token, when it names one. */
  sessionId: string | null;
}

// ── Types of an operation, read from the generated contract types (`paths`) ──

export type ContractPath = keyof paths;
type AnyMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** The methods the contract declares for a path. */
export type MethodOf<P extends ContractPath> = {
  [M in AnyMethod]-?: [NonNullable<paths[P][M]>] extends [never] ? never : M;
}[AnyMethod];
export type Operation<P extends ContractPath, M extends MethodOf<P>> = NonNullable<paths[P][M]>;

type Present<T, Fallback> = [NonNullable<T>] extends [never] ? Fallback : NonNullable<T>;
/** No fields at all: reading any property is a type error. */
type NoFields = Record<never, never>;
type ParametersOf<O> = O extends { parameters: infer X } ? X : never;
/** Path parameters under the contract's own names (`{ id: number }`), already coerced and validated. */
export type PathParams<O> = ParametersOf<O> extends { path: infer X } ? X : NoFields;
/** Query parameters (declared ones only: unknown ones answer 400 before the handler). */
export type QueryParams<O> =
  ParametersOf<O> extends { query?: infer X } ? Present<X, NoFields> : NoFields;
/** The JSON request body as the contract declares it (validated before the handler); `undefined` when none. */
export type JsonBody<O> = O extends { requestBody?: infer R }
  ? NonNullable<R> extends { content: { 'application/json': infer B } }
    ? undefined extends R
      ? B | undefined
      : B
    : undefined
  : undefined;

/** What every handler receives besides the request's parts. */
export interface BaseContext {
  req: FastifyRequest;
  reply: FastifyReply;
  principal: Principal | null;
  services: Services;
  op: ContractOperation;
}

/** What a handler receives: the request's parts typed by its contract operation. */
export interface HandlerContext<O> extends BaseContext {
  params: PathParams<O>;
  query: QueryParams<O>;
  body: JsonBody<O>;
}

/** The same, as the binding in contract-routes.ts builds it for any operation. */
export interface AnyHandlerContext extends BaseContext {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export type HandlerResult =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** A JSON body already serialized (large lists built by the database), maybe with its compressed bytes. */
  | {
      status: number;
      jsonText: string;
      headers?: Record<string, string>;
      encoded?: { encoding: 'br' | 'gzip'; bytes: Buffer };
      /**
       * What the text is a version of (a cached list's entry): outside production the contract check parses and
       * checks such a text once, not on every request that serves it again, so development measures what
       * production serves. Without it, the text is checked every time.
       */
      checkedAs?: object;
    }
  | { status: number; binary: Buffer; contentType: string; headers?: Record<string, string> }
  /** A body written as it goes (the live event stream): never compressed, never checked against the contract. */
  | { status: number; stream: Readable; contentType: string; headers?: Record<string, string> };

/**
 * A handler bound to one contract operation (method and path exactly as in the contract). Who may call
 * it and whether X-App-Version is checked come from the operation's `security` (see plugins/auth.ts).
 */
export interface RouteDef {
  method: AnyMethod;
  path: ContractPath;
  /** Reads the multipart body itself (no JSON body validation). */
  multipart: boolean;
  // Method syntax on purpose: a handler typed for one operation is accepted here (parameter bivariance).
  handle(ctx: AnyHandlerContext): Promise<HandlerResult>;
}

/**
 * Defines the handler of a contract operation. Its context is typed from the generated `paths`:
 * a path, method, parameter or body field the contract does not declare is a type error.
 */
export function defineRoute<P extends ContractPath, M extends MethodOf<P>>(
  method: M,
  path: P,
  handle: (ctx: HandlerContext<Operation<P, M>>) => Promise<HandlerResult>,
  options: { multipart?: boolean } = {},
): RouteDef {
  // The one place the typed view meets the untyped request: every request is validated against this very
  // operation's schemas before the handler runs (contract-routes.ts), so the typed view holds. TypeScript
  // cannot relate the still-generic operation types to the untyped context, hence the widening here.
  return {
    method,
    path,
    multipart: options.multipart === true,
    handle: handle as (ctx: AnyHandlerContext) => Promise<HandlerResult>,
  };
}

export const json = (status: number, body: unknown): HandlerResult => ({ status, body });
/** A browser redirect (never cached: it may carry a one-time code or state). */
export const redirect = (location: string): HandlerResult => ({
  status: 302,
  headers: { location, 'cache-control': 'no-store' },
});
export const noContent = (): HandlerResult => ({ status: 204 });
export const jsonText = (status: number, text: string): HandlerResult => ({
  status,
  jsonText: text,
});

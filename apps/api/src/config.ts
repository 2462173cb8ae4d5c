import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTERNAL_SIGN_IN_PROVIDERS, type Environment } from '@prospecta/domain';
import type { DatabaseOptions } from './db/index';
import type { LiveOptions } from './http/live';
import type { MailHostPolicy } from './integrations/mail-hosts';
import { OWASP_SCRYPT_PARAMS, type ScryptParams } from './security/password';
import { SecretBox } from './security/secret-box';
import {
  environmentOf,
  isDeployed,
  OAUTH_PROVIDER_DEFAULTS,
  parseSettings,
  parseSomeSettings,
  providerPrefix,
  type Settings,
} from './settings/schema';

export {
  ConfigError,
  DEPLOYED_REQUIRED_SETTINGS,
  isDeployed,
  OAUTH_PROVIDER_DEFAULTS,
} from './settings/schema';
export { isLoopbackUrl, parseDuration } from './settings/kinds';

/** apps/api, whether running from src/ (tsx) or dist/ (bundle). */
export const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(API_ROOT, '..', '..');

export interface LoginRateLimit {
  /** Failed attempts allowed per account within the window. */
  perAccount: number;
  /** Failed attempts allowed per client address within the window. */
  perAddress: number;
  windowSeconds: number;
}

export interface ServerConfig {
  environment: Environment;
  database: DatabaseOptions;
  jwtSecret: Uint8Array;
  encryptionKey: Buffer;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  resetCodeTtl: number;
  scrypt: ScryptParams;
  smtpUrl: string | null;
  /**
   * The local SMTP catcher (mail/catcher.ts, MAIL_CATCHER; development and CI only): where campaign mails, and the
   * server's own when SMTP_URL is unset, are delivered. Absent: off.
   */
  mailCatcher?: { port: number; keep: number };
  /** Serve GET /api/dev/outbox (DEV_OUTBOX=true, development and CI only). */
  devOutbox: boolean;
  mailFrom: string;
  publicUrl: string;
  apiBaseUrl: string;
  userServiceBaseUrl: string;
  minAppVersion: string;
  smtpAccountLimit: number;
  /** Which users' mail servers the server may connect to (integrations/mail-hosts.ts). */
  mailHosts: MailHostPolicy;
  /** Live checks of a mail account per user and minute (MAIL_CHECK_RATE_LIMIT). */
  mailCheckRateLimit: number;
  /**
   * The live event streams' limits (LIVE_STREAMS_PER_USER, LIVE_STREAMS_PER_INSTANCE) and timings (tests); what is
   * absent takes http/live.ts's defaults.
   */
  live?: Partial<LiveOptions>;
  loginRateLimit: LoginRateLimit;
  /** Password-reset requests allowed per client address within the login window. */
  resetRateLimitPerAddress: number;
  /** Directory of the built web app; served when it exists. */
  webDist: string | null;
  /** Seed the demo data when the database is empty. */
  seedDemo: boolean;
  /** Validate every JSON response against the contract: 'off', 'log' (warn) or 'strict' (answer 500). */
  responseValidation: 'off' | 'log' | 'strict';
  contractPath: string;
  trustProxy: boolean;
  /** Time for a request (headers and body) to arrive, and for an idle socket to stay open (REQUEST_TIMEOUT). */
  requestTimeoutMs: number;
  /** Third-party origins the web app loads from (CSP), e.g. the meetings widget: THIRD_PARTY_ORIGINS. */
  thirdPartyOrigins: string[];
  /** Cache dashboard and campaign lists in memory while the database's list version holds (http/list-cache.ts). */
  listCache: boolean;
  /** Onboarding uploads: files are streamed to `dir`; at most `concurrency` uploads run at once. */
  uploads: UploadSettings;
  /** Seconds between two reads of the connected mailboxes (MAIL_WATCH_INTERVAL); 0 or absent: no watch. */
  mailWatchIntervalSeconds?: number;
  /**
   * The watch's IMAP IDLE connections (integrations/mailbox-idle.ts), with the watch on: at most `maxConnections` per
   * instance (MAIL_IDLE_CONNECTIONS; 0: none), each under a lease of `leaseSeconds` renewed every third of it. Absent:
   * no IDLE.
   */
  mailIdle?: { maxConnections: number; leaseSeconds: number };
  /** The sending engine plans the launched campaigns (SENDING_ENGINE); absent: off. */
  sendingEngine?: boolean;
  /** Tests only (SENDING_TEST_DAY): the engine's shortened days (engine/plan.ts TestTiming); absent: real time. */
  sendingTestDay?: { daySeconds: number };
  /** The job queue (jobs/queue.ts): whether this instance runs jobs, how often it looks for due ones. */
  jobs: JobSettings;
  /**
   * Tests only: seconds before a webhook delivery's first retry, each next one twice as long (jobs/registry.ts);
   * absent: 10 s.
   */
  webhookRetryDelaySeconds?: number;
  /** External sign-in (OAuth 2.0) of the large mail providers; absent or without providers: not configured. */
  oauth?: OAuthSettings;
  /** Log lines: the least severe level written, and JSON or readable lines (startup.ts loggerOptions). */
  log?: LogSettings;
}

export interface LogSettings {
  level: Settings['LOG_LEVEL'];
  format?: Settings['LOG_FORMAT'];
}

export type OAuthProviderName = (typeof EXTERNAL_SIGN_IN_PROVIDERS)[number];

export interface OAuthProviderSettings {
  clientId: string;
  clientSecret: string;
  /** The issuer identifier; its OpenID Connect discovery document gives the endpoints. */
  issuer: string;
  scopes: string[];
  /** Extra parameters of the authorization request (Google: access_type=offline, prompt=consent for a refresh token). */
  authorizationParams: Record<string, string>;
  /** The provider's IMAP server (implicit TLS), read by the mailbox watch with XOAUTH2. */
  imap: { host: string; port: number };
  /** The provider's SMTP server (465: implicit TLS, else STARTTLS), where the engine sends with XOAUTH2; default OAUTH_PROVIDER_DEFAULTS. */
  smtp?: { host: string; port: number };
}

export interface OAuthSettings {
  /** The public origin of this server the provider sends the browser back to (`…/api/v2/integrations/email/{provider}/callback`). */
  redirectBaseUrl: string;
  /** How long a started sign-in may take (its state's lifetime). */
  stateTtlSeconds: number;
  providers: Partial<Record<OAuthProviderName, OAuthProviderSettings>>;
}

export interface JobSettings {
  /** Run job handlers on this instance (JOBS_WORKER); false: it only adds jobs, other instances run them. */
  worker: boolean;
  /**
   * Seconds between two looks for due jobs (JOBS_POLL_INTERVAL). A new job wakes the workers at once
   * (LISTEN/NOTIFY); the look is for jobs that become due later (retries, deferred jobs).
   */
  pollIntervalSeconds: number;
  /** Seconds a closing server waits for running jobs before it returns them to the queue (JOBS_SHUTDOWN_TIMEOUT). */
  shutdownTimeoutSeconds: number;
  /** Seconds between two checks for jobs whose worker stopped answering (expired, no heartbeat); default 60. */
  superviseIntervalSeconds: number;
  /** Connections of the queue's own pool on PostgreSQL (default 4; plus one that listens for new jobs). */
  poolSize: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  worker: true,
  pollIntervalSeconds: 2,
  shutdownTimeoutSeconds: 20,
  superviseIntervalSeconds: 60,
  poolSize: 4,
};

export interface UploadSettings {
  dir: string;
  /** Uploads running at once on this server (UPLOAD_CONCURRENCY). */
  concurrency: number;
  /** Of which for one customer (UPLOAD_CONCURRENCY_PER_CUSTOMER). */
  concurrencyPerCustomer: number;
  /** Bytes of uploaded files one customer may keep (UPLOAD_QUOTA). */
  quotaBytes: number;
}

interface DevSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

/**
 * Outside production, missing secrets are generated once and kept next to the
 * embedded database so tokens and encrypted secrets survive restarts.
 */
function devSecrets(file: string): DevSecrets {
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>;
    if (typeof parsed.jwtSecret === 'string' && typeof parsed.encryptionKey === 'string') {
      return { jwtSecret: parsed.jwtSecret, encryptionKey: parsed.encryptionKey };
    }
  }
  const secrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * Reads .env at the repository root into the environment when it exists (.env.example lists every variable);
 * a variable already set in the environment keeps its value.
 */
export function loadEnvFile(file = join(REPO_ROOT, '.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** The environment the variables choose (APP_ENV, else NODE_ENV=production, else CI, else development). */
export function resolveEnvironment(env: NodeJS.ProcessEnv): Environment {
  return environmentOf(parseSomeSettings(env, ['APP_ENV', 'NODE_ENV', 'CI']));
}

function oauthSettings(settings: Settings, publicUrl: string): OAuthSettings {
  const providers: OAuthSettings['providers'] = {};
  for (const provider of EXTERNAL_SIGN_IN_PROVIDERS) {
    const prefix = providerPrefix(provider);
    const clientId = settings[`${prefix}_CLIENT_ID`];
    const clientSecret = settings[`${prefix}_CLIENT_SECRET`];
    // The schema has checked that both or neither are set.
    if (!clientId || !clientSecret) continue;
    providers[provider] = {
      clientId,
      clientSecret,
      issuer: settings[`${prefix}_ISSUER`],
      scopes: settings[`${prefix}_SCOPES`],
      authorizationParams: { ...OAUTH_PROVIDER_DEFAULTS[provider].authorizationParams },
      imap: settings[`${prefix}_IMAP`],
      smtp: settings[`${prefix}_SMTP`],
    };
  }
  return {
    redirectBaseUrl: (settings.OAUTH_REDIRECT_BASE_URL || publicUrl).replace(/\/$/, ''),
    stateTtlSeconds: settings.OAUTH_STATE_TTL,
    providers,
  };
}

/**
 * The server's configuration from its environment: the settings schema (settings/schema.ts) checks and converts
 * every variable and says what is wrong; this adds what depends on the machine (generated development secrets,
 * whether the web app is built) and the defaults that depend on the environment.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const settings = parseSettings(env);
  const environment = environmentOf(settings);
  const production = environment === 'production';
  const deployed = isDeployed(environment);
  const dataDir = resolve(settings.DATA_DIR || join(API_ROOT, '.data', 'pglite'));
  const database: DatabaseOptions = settings.DATABASE_URL
    ? { kind: 'postgres', url: settings.DATABASE_URL }
    : { kind: 'pglite', dataDir };

  // Deployed environments cannot get here without both (the schema requires them there).
  let jwtSecret = settings.JWT_SECRET;
  let encryptionKey = settings.ENCRYPTION_KEY;
  if (!jwtSecret || !encryptionKey) {
    const generated = devSecrets(
      settings.DEV_SECRETS_FILE || join(dirname(dataDir), 'dev-secrets.json'),
    );
    jwtSecret ||= generated.jwtSecret;
    encryptionKey ||= SecretBox.parseKey(generated.encryptionKey);
  }

  const mailCatcher = settings.MAIL_CATCHER ?? !deployed;
  const publicUrl = (settings.PUBLIC_URL || `http://localhost:${settings.PORT}`).replace(/\/$/, '');
  const webDist = resolve(settings.WEB_DIST || join(REPO_ROOT, 'apps', 'web', 'dist'));

  return {
    environment,
    database,
    jwtSecret: new TextEncoder().encode(jwtSecret),
    encryptionKey,
    accessTokenTtl: settings.ACCESS_TOKEN_TTL,
    refreshTokenTtl: settings.REFRESH_TOKEN_TTL,
    resetCodeTtl: settings.RESET_CODE_TTL,
    scrypt: OWASP_SCRYPT_PARAMS,
    smtpUrl: settings.SMTP_URL ?? null,
    devOutbox: settings.DEV_OUTBOX,
    mailFrom: settings.MAIL_FROM,
    // The schema refuses MAIL_CATCHER=true in staging and production, where it defaults to off.
    ...(mailCatcher
      ? { mailCatcher: { port: settings.MAIL_CATCHER_PORT, keep: settings.MAIL_CATCHER_KEEP } }
      : {}),
    publicUrl,
    apiBaseUrl: settings.API_BASE_URL,
    userServiceBaseUrl: settings.USER_SERVICE_BASE_URL,
    minAppVersion: settings.MIN_APP_VERSION,
    smtpAccountLimit: settings.SMTP_ACCOUNT_LIMIT,
    mailHosts: { allow: settings.MAIL_HOST_ALLOWLIST, extraPorts: settings.MAIL_PORTS },
    mailCheckRateLimit: settings.MAIL_CHECK_RATE_LIMIT,
    live: {
      perUser: settings.LIVE_STREAMS_PER_USER,
      perInstance: settings.LIVE_STREAMS_PER_INSTANCE,
    },
    loginRateLimit: {
      perAccount: settings.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      perAddress: settings.LOGIN_RATE_LIMIT_PER_ADDRESS,
      windowSeconds: settings.LOGIN_RATE_LIMIT_WINDOW,
    },
    resetRateLimitPerAddress: settings.RESET_RATE_LIMIT_PER_ADDRESS,
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : null,
    seedDemo: settings.SEED_DEMO,
    responseValidation: settings.RESPONSE_VALIDATION ?? (production ? 'off' : 'log'),
    contractPath: resolve(settings.OPENAPI_PATH || join(REPO_ROOT, 'openapi', 'openapi.yaml')),
    trustProxy: settings.TRUST_PROXY,
    requestTimeoutMs: settings.REQUEST_TIMEOUT * 1000,
    thirdPartyOrigins: settings.THIRD_PARTY_ORIGINS,
    // Safe with several processes: the cache is keyed by the list version every API write bumps in the database.
    listCache: settings.LIST_CACHE,
    uploads: {
      dir: resolve(settings.UPLOAD_DIR || join(dirname(dataDir), 'uploads')),
      concurrency: settings.UPLOAD_CONCURRENCY,
      concurrencyPerCustomer: settings.UPLOAD_CONCURRENCY_PER_CUSTOMER,
      quotaBytes: settings.UPLOAD_QUOTA_MB * 1024 * 1024,
    },
    // Deployed servers read the connected mailboxes every minute; development and CI (demo accounts on hosts they
    // cannot reach) only when asked.
    mailWatchIntervalSeconds: settings.MAIL_WATCH_INTERVAL ?? (deployed ? 60 : 0),
    // A dead instance's mailboxes are taken over within 40 s (the lease, and the next round of another).
    mailIdle: { maxConnections: settings.MAIL_IDLE_CONNECTIONS, leaseSeconds: 30 },
    // Development sends too when its mails go to the local catcher (a demo campaign is watched at its page); CI
    // launches campaigns whose sending its tests drive themselves.
    sendingEngine:
      settings.SENDING_ENGINE ?? (deployed || (environment === 'development' && mailCatcher)),
    ...(settings.SENDING_TEST_DAY !== undefined
      ? { sendingTestDay: { daySeconds: settings.SENDING_TEST_DAY } }
      : {}),
    jobs: {
      ...DEFAULT_JOB_SETTINGS,
      worker: settings.JOBS_WORKER,
      pollIntervalSeconds: settings.JOBS_POLL_INTERVAL,
      shutdownTimeoutSeconds: settings.JOBS_SHUTDOWN_TIMEOUT,
    },
    oauth: oauthSettings(settings, publicUrl),
    log: { level: settings.LOG_LEVEL, format: settings.LOG_FORMAT },
  };
}

/** Development and CI listen on the loopback interface unless HOST says otherwise; staging and production on every interface. */
export function listenOptions(env: NodeJS.ProcessEnv = process.env): {
  port: number;
  host: string;
} {
  const settings = parseSomeSettings(env, ['PORT', 'HOST', 'APP_ENV', 'NODE_ENV', 'CI']);
  const fallback = isDeployed(environmentOf(settings)) ? '0.0.0.0' : '127.0.0.1';
  return { port: settings.PORT, host: settings.HOST || fallback };
}

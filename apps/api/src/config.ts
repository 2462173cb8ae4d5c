import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_VERSION,
  ENVIRONMENTS,
  EXTERNAL_SIGN_IN_PROVIDERS,
  MEETINGS_WIDGET_ORIGINS,
  type Environment,
} from '@prospecta/domain';
import type { DatabaseOptions } from './db/index';
import { OWASP_SCRYPT_PARAMS, type ScryptParams } from './security/password';
import { SecretBox } from './security/secret-box';

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
  /** Serve GET /api/dev/outbox (DEV_OUTBOX=true, development and CI only). */
  devOutbox: boolean;
  mailFrom: string;
  publicUrl: string;
  apiBaseUrl: string;
  userServiceBaseUrl: string;
  minAppVersion: string;
  smtpAccountLimit: number;
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
  /** External sign-in (OAuth 2.0) of the large mail providers; absent or without providers: not configured. */
  oauth?: OAuthSettings;
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
}

export interface OAuthSettings {
  /** The public origin of this server the provider sends the browser back to (`…/api/v2/integrations/email/{provider}/callback`). */
  redirectBaseUrl: string;
  /** How long a started sign-in may take (its state's lifetime). */
  stateTtlSeconds: number;
  providers: Partial<Record<OAuthProviderName, OAuthProviderSettings>>;
}

/** Defaults of each provider: issuer, scopes (the mailbox over IMAP and SMTP, a refresh token, the address). */
export const OAUTH_PROVIDER_DEFAULTS: Record<
  OAuthProviderName,
  Omit<OAuthProviderSettings, 'clientId' | 'clientSecret'>
> = {
  google: {
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'https://mail.google.com/'],
    authorizationParams: { access_type: 'offline', prompt: 'consent' },
    imap: { host: 'imap.gmail.com', port: 993 },
  },
  microsoft: {
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    scopes: [
      'openid',
      'email',
      'offline_access',
      'https://outlook.office.com/IMAP.AccessAsUser.All',
      'https://outlook.office.com/SMTP.Send',
    ],
    authorizationParams: {},
    imap: { host: 'outlook.office365.com', port: 993 },
  },
};

/** `host:port` (an IPv6 address in brackets); without a port, the default server's. */
function hostAndPort(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: { host: string; port: number },
): { host: string; port: number } {
  const raw = env[name]?.trim();
  if (!raw) return { ...fallback };
  const match = /^(\[[^\]]+\]|[^:\s/]+)(?::(\d{1,5}))?$/.exec(raw);
  const port = match?.[2] === undefined ? fallback.port : Number(match[2]);
  if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(
      `${name} must be a host and port such as imap.example.com:993 (got "${raw}")`,
    );
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port };
}

/** http:// is only accepted for a provider on this machine (a local test provider). */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function oauthSettings(env: NodeJS.ProcessEnv, publicUrl: string): OAuthSettings {
  const providers: OAuthSettings['providers'] = {};
  for (const provider of EXTERNAL_SIGN_IN_PROVIDERS) {
    const prefix = `OAUTH_${provider.toUpperCase()}`;
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim() ?? '';
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim() ?? '';
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret)
      throw new ConfigError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    const defaults = OAUTH_PROVIDER_DEFAULTS[provider];
    const issuer = env[`${prefix}_ISSUER`]?.trim() || defaults.issuer;
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new ConfigError(`${prefix}_ISSUER must be a URL (got "${issuer}")`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) {
      throw new ConfigError(
        `${prefix}_ISSUER must be an https URL (http only on this machine) (got "${issuer}")`,
      );
    }
    const scopes = env[`${prefix}_SCOPES`]?.trim();
    providers[provider] = {
      clientId,
      clientSecret,
      issuer,
      scopes: scopes ? scopes.split(/[\s,]+/).filter(Boolean) : [...defaults.scopes],
      authorizationParams: { ...defaults.authorizationParams },
      imap: hostAndPort(env, `${prefix}_IMAP`, defaults.imap),
    };
  }
  return {
    redirectBaseUrl: (env.OAUTH_REDIRECT_BASE_URL || publicUrl).replace(/\/$/, ''),
    stateTtlSeconds: duration(env, 'OAUTH_STATE_TTL', 900),
    providers,
  };
}

export interface UploadSettings {
  dir: string;
  concurrency: number;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  return value;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** A duration in seconds: `900`, `900s`, `15m`, `1h`, `30d`. */
export function parseDuration(raw: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  if (!match) return null;
  const value = Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

function duration(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = parseDuration(raw);
  if (value === null)
    throw new ConfigError(
      `${name} must be a duration such as 900, 900s, 15m, 1h or 30d (got "${raw}")`,
    );
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

/** A comma-separated list of https origins (`https://host[:port]`, no path). */
function origins(env: NodeJS.ProcessEnv, name: string, fallback: readonly string[] = []): string[] {
  const raw = env[name];
  // Unset: the fallback; set but empty ("THIRD_PARTY_ORIGINS="): none at all.
  if (raw === undefined) return [...fallback];
  if (raw.trim() === '') return [];
  return raw.split(',').map((item) => {
    const value = item.trim();
    let origin: string | null = null;
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' && url.origin === value.replace(/\/$/, '')) origin = url.origin;
    } catch {
      origin = null;
    }
    if (!origin)
      throw new ConfigError(
        `${name} must list https origins such as https://widget.example.com, separated by commas (got "${value}")`,
      );
    return origin;
  });
}

export function resolveEnvironment(env: NodeJS.ProcessEnv): Environment {
  const raw = env.APP_ENV;
  if (raw) {
    if (!(ENVIRONMENTS as readonly string[]).includes(raw)) {
      throw new ConfigError(`APP_ENV must be one of ${ENVIRONMENTS.join(', ')} (got "${raw}")`);
    }
    return raw as Environment;
  }
  return env.CI === 'true' || env.CI === '1' ? 'ci' : 'development';
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

/** Staging and production hold real accounts: they refuse to start without these settings. */
export const DEPLOYED_REQUIRED_SETTINGS = ['SMTP_URL', 'JWT_SECRET', 'ENCRYPTION_KEY'] as const;

export function isDeployed(environment: Environment): boolean {
  return environment === 'staging' || environment === 'production';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const environment = resolveEnvironment(env);
  const production = environment === 'production';
  const deployed = isDeployed(environment);
  if (deployed) {
    const missing = DEPLOYED_REQUIRED_SETTINGS.filter((name) => !env[name]);
    if (missing.length) {
      throw new ConfigError(
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required when APP_ENV=${environment}`,
      );
    }
  }
  const devOutbox = bool(env, 'DEV_OUTBOX', false);
  if (devOutbox && deployed) {
    throw new ConfigError(
      `DEV_OUTBOX=true is only allowed when APP_ENV is development or ci (got "${environment}")`,
    );
  }
  const dataDir = resolve(env.DATA_DIR || join(API_ROOT, '.data', 'pglite'));
  const database: DatabaseOptions = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir };

  let jwtSecret = env.JWT_SECRET;
  let encryptionKey = env.ENCRYPTION_KEY;
  if (!jwtSecret || !encryptionKey) {
    if (deployed)
      throw new ConfigError(
        `JWT_SECRET and ENCRYPTION_KEY are required when APP_ENV=${environment}`,
      );
    const generated = devSecrets(
      env.DEV_SECRETS_FILE || join(dirname(dataDir), 'dev-secrets.json'),
    );
    jwtSecret ||= generated.jwtSecret;
    encryptionKey ||= generated.encryptionKey;
  }
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');

  const port = int(env, 'PORT', 3000);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const webDist = resolve(env.WEB_DIST || join(REPO_ROOT, 'apps', 'web', 'dist'));
  const validation = env.RESPONSE_VALIDATION || (production ? 'off' : 'log');
  if (!['off', 'log', 'strict'].includes(validation)) {
    throw new ConfigError(`RESPONSE_VALIDATION must be off, log or strict (got "${validation}")`);
  }

  return {
    environment,
    database,
    jwtSecret: new TextEncoder().encode(jwtSecret),
    encryptionKey: SecretBox.parseKey(encryptionKey),
    accessTokenTtl: duration(env, 'ACCESS_TOKEN_TTL', 900),
    refreshTokenTtl: duration(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    resetCodeTtl: duration(env, 'RESET_CODE_TTL', 3600),
    scrypt: OWASP_SCRYPT_PARAMS,
    smtpUrl: env.SMTP_URL || null,
    devOutbox,
    mailFrom: env.MAIL_FROM || 'Prospecta <no-reply@prospecta.local>',
    publicUrl,
    apiBaseUrl: env.API_BASE_URL ?? '',
    userServiceBaseUrl: env.USER_SERVICE_BASE_URL ?? '',
    minAppVersion: env.MIN_APP_VERSION || APP_VERSION,
    smtpAccountLimit: int(env, 'SMTP_ACCOUNT_LIMIT', 3, 0),
    loginRateLimit: {
      perAccount: int(env, 'LOGIN_RATE_LIMIT_PER_ACCOUNT', 5),
      perAddress: int(env, 'LOGIN_RATE_LIMIT_PER_ADDRESS', 50),
      windowSeconds: duration(env, 'LOGIN_RATE_LIMIT_WINDOW', 900),
    },
    resetRateLimitPerAddress: int(env, 'RESET_RATE_LIMIT_PER_ADDRESS', 10),
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : null,
    seedDemo: bool(env, 'SEED_DEMO', true),
    responseValidation: validation as ServerConfig['responseValidation'],
    contractPath: resolve(env.OPENAPI_PATH || join(REPO_ROOT, 'openapi', 'openapi.yaml')),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    requestTimeoutMs: duration(env, 'REQUEST_TIMEOUT', 60) * 1000,
    thirdPartyOrigins: origins(env, 'THIRD_PARTY_ORIGINS', MEETINGS_WIDGET_ORIGINS),
    // Safe with several processes: the cache is keyed by the list version every API write bumps in the database.
    listCache: bool(env, 'LIST_CACHE', true),
    uploads: {
      dir: resolve(env.UPLOAD_DIR || join(dirname(dataDir), 'uploads')),
      concurrency: int(env, 'UPLOAD_CONCURRENCY', 4),
    },
    // Deployed servers read the connected mailboxes every minute; development and CI (demo accounts on hosts they
    // cannot reach) only when asked.
    mailWatchIntervalSeconds: duration(env, 'MAIL_WATCH_INTERVAL', deployed ? 60 : 0),
    oauth: oauthSettings(env, publicUrl),
  };
}

/** Development and CI listen on the loopback interface unless HOST says otherwise; staging and production on every interface. */
export function listenOptions(env: NodeJS.ProcessEnv = process.env): {
  port: number;
  host: string;
} {
  const fallback = isDeployed(resolveEnvironment(env)) ? '0.0.0.0' : '127.0.0.1';
  return { port: int(env, 'PORT', 3000), host: env.HOST || fallback };
}

import { z } from 'zod';
import {
  APP_VERSION,
  ENVIRONMENTS,
  EXTERNAL_SIGN_IN_PROVIDERS,
  MEETINGS_WIDGET_ORIGINS,
  type Environment,
} from '@prospecta/domain';
import { MAIL_PORTS, parseAllowEntry } from '../integrations/mail-hosts';
import { SecretBox } from '../security/secret-box';
import {
  duration,
  flag,
  hostAndPort,
  hostsAndRanges,
  httpsUrl,
  integer,
  oneOf,
  origins,
  ports,
  seconds,
  text,
  words,
} from './kinds';

/**
 * Every environment variable the server reads, in one zod schema: its kind (how the raw string is checked and
 * converted), its default and one line of meaning. loadConfig (config.ts) builds the ServerConfig from what this
 * schema parses; .env.example is written from it (`pnpm --filter @prospecta/api env:example`) and a test fails when
 * the two differ. A new setting is one entry here, then that command.
 */
export interface SettingMeta {
  /** The section of .env.example. */
  group: SettingGroup;
  /** One line of meaning. */
  description: string;
  /** The value used when the variable is unset or empty, as it would be written in the environment. */
  default?: string;
  /** When the default is not one literal value (it depends on another setting or the environment): said in words. */
  defaultText?: string;
  /** An empty value is a value (an empty list), not "unset". */
  keepEmpty?: boolean;
}

export const SETTING_GROUPS = [
  'Environment',
  'Listening and serving',
  'Database',
  'Secrets and tokens',
  'Mail',
  'Limits',
  'External sign-in of mailboxes (OAuth 2.0)',
  'Background jobs',
  'Logs',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** The meta of each setting's schema, read by the .env.example writer. */
export const settingsRegistry = z.registry<SettingMeta>();

function setting<T extends z.ZodType<unknown, string>>(
  kind: T,
  meta: SettingMeta & { default: string },
): z.ZodPipe<z.ZodTransform<unknown, unknown>, T>;
function setting<T extends z.ZodType<unknown, string>>(
  kind: T,
  meta: SettingMeta,
): z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodOptional<T>>;
function setting<T extends z.ZodType<unknown, string>>(kind: T, meta: SettingMeta) {
  const unset = (raw: unknown) =>
    raw === undefined || (typeof raw === 'string' && raw.trim() === '' && !meta.keepEmpty);
  const schema = z.preprocess(
    (raw) => (unset(raw) ? meta.default : raw),
    meta.default === undefined ? kind.optional() : kind,
  );
  settingsRegistry.add(schema as z.ZodType, meta);
  return schema;
}

type ProviderName = (typeof EXTERNAL_SIGN_IN_PROVIDERS)[number];

/** `OAUTH_GOOGLE`, `OAUTH_MICROSOFT`: the prefix of a provider's variables. */
export function providerPrefix<P extends ProviderName>(provider: P): `OAUTH_${Uppercase<P>}` {
  return `OAUTH_${provider.toUpperCase() as Uppercase<P>}`;
}

/** Defaults of each provider: issuer, scopes (the mailbox over IMAP and SMTP, a refresh token, the address), IMAP and SMTP servers. */
export const OAUTH_PROVIDER_DEFAULTS: Record<
  ProviderName,
  {
    issuer: string;
    scopes: string[];
    authorizationParams: Record<string, string>;
    imap: { host: string; port: number };
    smtp: { host: string; port: number };
  }
> = {
  google: {
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'https://mail.google.com/'],
    authorizationParams: { access_type: 'offline', prompt: 'consent' },
    imap: { host: 'imap.gmail.com', port: 993 },
    smtp: { host: 'smtp.gmail.com', port: 465 },
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
    smtp: { host: 'smtp.office365.com', port: 587 },
  },
};

const PROVIDER_LABELS: Record<ProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };

function providerFields(provider: ProviderName) {
  const label = PROVIDER_LABELS[provider];
  const defaults = OAUTH_PROVIDER_DEFAULTS[provider];
  const group = 'External sign-in of mailboxes (OAuth 2.0)';
  return {
    CLIENT_ID: setting(text(), {
      group,
      description: `The OAuth client of the ${label} sign-in of mailboxes, with its secret (both or neither; unset: that sign-in answers 501 oauth_not_available). Its redirect URI: <OAUTH_REDIRECT_BASE_URL>/api/v2/integrations/email/${provider}/callback.`,
    }),
    CLIENT_SECRET: setting(text(), {
      group,
      description: `The secret of the ${label} OAuth client.`,
    }),
    ISSUER: setting(httpsUrl(), {
      group,
      description: `${label}'s issuer; its OpenID Connect discovery document gives the endpoints. https only (http for a provider on this machine).`,
      default: defaults.issuer,
    }),
    SCOPES: setting(words(), {
      group,
      description: 'The scopes asked for, separated by spaces or commas.',
      default: defaults.scopes.join(' '),
    }),
    IMAP: setting(hostAndPort(993), {
      group,
      description: `${label}'s IMAP server (host:port, implicit TLS) where the mailbox watch signs in with XOAUTH2.`,
      default: `${defaults.imap.host}:${defaults.imap.port}`,
    }),
    SMTP: setting(hostAndPort(465), {
      group,
      description: `${label}'s SMTP server (host:port; port 465: implicit TLS, any other: STARTTLS required) where the campaigns' mails are sent with XOAUTH2.`,
      default: `${defaults.smtp.host}:${defaults.smtp.port}`,
    }),
  };
}

type ProviderFields = ReturnType<typeof providerFields>;
type ProviderShape<P extends ProviderName> = {
  [F in keyof ProviderFields as `OAUTH_${Uppercase<P>}_${F}`]: ProviderFields[F];
};

function providerShape<P extends ProviderName>(provider: P): ProviderShape<P> {
  return Object.fromEntries(
    Object.entries(providerFields(provider)).map(([field, schema]) => [
      `${providerPrefix(provider)}_${field}`,
      schema,
    ]),
  ) as ProviderShape<P>;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const shape = {
  // Environment
  APP_ENV: setting(oneOf(ENVIRONMENTS), {
    group: 'Environment',
    description:
      'development, ci, staging or production; staging and production refuse to start without SMTP_URL, JWT_SECRET and ENCRYPTION_KEY. The page is tinted in CI (orange) and staging (indigo).',
    defaultText: 'production when NODE_ENV=production, ci when CI is true or 1, else development',
  }),
  NODE_ENV: setting(text(), {
    group: 'Environment',
    description: 'production, with APP_ENV unset, runs as production.',
  }),
  CI: setting(text(), {
    group: 'Environment',
    description:
      'Set by CI services; true or 1, with APP_ENV unset and NODE_ENV not production, runs as ci.',
  }),
  // Listening and serving
  PORT: setting(integer(1), {
    group: 'Listening and serving',
    description:
      'The port of the one server process (web app, API and user service on one origin).',
    default: '3000',
  }),
  HOST: setting(text(), {
    group: 'Listening and serving',
    description: 'The interface the server listens on.',
    defaultText: '127.0.0.1 in development and CI, 0.0.0.0 in staging and production',
  }),
  PUBLIC_URL: setting(text(), {
    group: 'Listening and serving',
    description: 'The address users reach the app at (links in e-mails).',
    defaultText: 'http://localhost:$PORT',
  }),
  API_BASE_URL: setting(text(), {
    group: 'Listening and serving',
    description:
      'Base URL the web app calls the API at, served in /config.json (empty: same origin).',
    default: '',
  }),
  USER_SERVICE_BASE_URL: setting(text(), {
    group: 'Listening and serving',
    description:
      'Base URL the web app calls the user service at, served in /config.json (empty: same origin).',
    default: '',
  }),
  TRUST_PROXY: setting(flag(), {
    group: 'Listening and serving',
    description:
      'true behind a reverse proxy, so the per-address limits see the client address (X-Forwarded-For); never without one.',
    default: 'false',
  }),
  REQUEST_TIMEOUT: setting(duration(), {
    group: 'Listening and serving',
    description:
      'Time for a request (headers and body) to arrive, and for an idle socket to stay open.',
    default: '60',
  }),
  MIN_APP_VERSION: setting(text(), {
    group: 'Listening and serving',
    description: 'An older or missing X-App-Version header is answered 418 and the app reloads.',
    default: APP_VERSION,
  }),
  WEB_DIST: setting(text(), {
    group: 'Listening and serving',
    description: 'Directory of the built web app; served when it holds an index.html.',
    defaultText: 'apps/web/dist of the repository',
  }),
  OPENAPI_PATH: setting(text(), {
    group: 'Listening and serving',
    description: 'The contract the server routes and validates by.',
    defaultText: 'openapi/openapi.yaml of the repository',
  }),
  THIRD_PARTY_ORIGINS: setting(origins(), {
    group: 'Listening and serving',
    description:
      'https origins the web app loads scripts and frames from (the onboarding meetings widget), separated by commas; set but empty: none.',
    default: MEETINGS_WIDGET_ORIGINS.join(','),
    keepEmpty: true,
  }),
  RESPONSE_VALIDATION: setting(oneOf(['off', 'log', 'strict'] as const, 'off, log or strict'), {
    group: 'Listening and serving',
    description:
      'Check every JSON answer against the contract: off, log (a warning) or strict (answer 500).',
    defaultText: 'off in production, log elsewhere',
  }),
  LIST_CACHE: setting(flag(), {
    group: 'Listening and serving',
    description:
      'Keep dashboard and campaign lists in memory while the database’s list version holds (safe with several processes).',
    default: 'true',
  }),
  // Database
  DATABASE_URL: setting(text(), {
    group: 'Database',
    description: 'A PostgreSQL URL; unset: the embedded database (PGlite) in DATA_DIR.',
  }),
  DATA_DIR: setting(text(), {
    group: 'Database',
    description: 'The embedded database’s directory (kept across restarts).',
    defaultText: 'apps/api/.data/pglite',
  }),
  SEED_DEMO: setting(flag(), {
    group: 'Database',
    description: 'Seed the demo data when the database has no user.',
    default: 'true',
  }),
  // Secrets and tokens
  JWT_SECRET: setting(z.string().min(32, { error: 'must be at least 32 characters' }), {
    group: 'Secrets and tokens',
    description: 'The access tokens’ signing key, at least 32 characters.',
    defaultText:
      'generated into DEV_SECRETS_FILE in development and CI; required in staging and production',
  }),
  ENCRYPTION_KEY: setting(
    z.string().transform((raw, ctx) => {
      try {
        return SecretBox.parseKey(raw);
      } catch {
        // The value is a secret: the message never repeats it.
        ctx.addIssue({ code: 'custom', message: 'must be 32 bytes (64 hex characters or base64)' });
        return z.NEVER;
      }
    }),
    {
      group: 'Secrets and tokens',
      description:
        'The AES-256-GCM key of stored mailbox passwords, OAuth tokens and LinkedIn cookies: 32 bytes as 64 hex characters or base64.',
      defaultText:
        'generated into DEV_SECRETS_FILE in development and CI; required in staging and production',
    },
  ),
  DEV_SECRETS_FILE: setting(text(), {
    group: 'Secrets and tokens',
    description:
      'Where development and CI keep the secrets they generate, so tokens and stored secrets survive restarts.',
    defaultText: 'dev-secrets.json next to DATA_DIR',
  }),
  ACCESS_TOKEN_TTL: setting(duration(), {
    group: 'Secrets and tokens',
    description: 'Lifetime of an access token (seconds, or 15s, 15m, 1h, 30d).',
    default: '15m',
  }),
  REFRESH_TOKEN_TTL: setting(duration(), {
    group: 'Secrets and tokens',
    description: 'Lifetime of a session without activity (its refresh token).',
    default: '30d',
  }),
  RESET_CODE_TTL: setting(duration(), {
    group: 'Secrets and tokens',
    description: 'Lifetime of a password-reset code.',
    default: '1h',
  }),
  // Mail
  SMTP_URL: setting(text(), {
    group: 'Mail',
    description:
      'The SMTP server of outgoing mail (password resets), e.g. smtps://user:pass@mail.example.com:465; unset: the local outbox table. Required in staging and production.',
  }),
  MAIL_FROM: setting(text(), {
    group: 'Mail',
    description: 'The sender of outgoing mail.',
    default: 'Prospecta <no-reply@prospecta.local>',
  }),
  DEV_OUTBOX: setting(flag(), {
    group: 'Mail',
    description:
      'true serves the outbox at GET /api/dev/outbox without a token (development and CI only; refused elsewhere).',
    default: 'false',
  }),
  MAIL_CATCHER: setting(flag(), {
    group: 'Mail',
    description:
      'true starts a local SMTP catcher on 127.0.0.1: campaign mails, and the server’s own when SMTP_URL is unset, land in the database instead of real mailboxes, shown to staff at /staff/caught-mails (development and CI only; refused elsewhere).',
    defaultText: 'true in development and CI, false in staging and production',
  }),
  MAIL_CATCHER_PORT: setting(integer(0), {
    group: 'Mail',
    description: 'The catcher’s port on 127.0.0.1; 0: any free port.',
    default: '0',
  }),
  MAIL_CATCHER_KEEP: setting(integer(1), {
    group: 'Mail',
    description:
      'How many caught mails the catcher keeps; older ones are deleted as new ones arrive.',
    default: '500',
  }),
  MAIL_WATCH_INTERVAL: setting(duration({ allowZero: true }), {
    group: 'Mail',
    description:
      'Time between two reads of the connected mailboxes for the prospects’ replies; 0: no watch.',
    defaultText: '60 in staging and production, 0 in development and CI',
  }),
  MAIL_IDLE_CONNECTIONS: setting(integer(0), {
    group: 'Mail',
    description:
      'The most IMAP IDLE connections one server instance keeps open to connected mailboxes, so that replies arrive within seconds; the other mailboxes are read at each MAIL_WATCH_INTERVAL only; 0: no IDLE.',
    default: '100',
  }),
  SENDING_ENGINE: setting(flag(), {
    group: 'Mail',
    description:
      'true plans the launched campaigns’ steps (e-mails from the customers’ mailboxes, LinkedIn tasks) and starts and completes the campaigns; false: the campaigns wait.',
    defaultText:
      'true in staging and production, and in development while its mails go to the local catcher; false in CI',
  }),
  SENDING_TEST_DAY: setting(duration(), {
    group: 'Mail',
    description:
      'For tests only (development and CI; refused elsewhere): the sending engine counts a day of a step’s delay as this long, shrinks the spacing between two mails of a mailbox in the same proportion, sends at any hour and plans every second, so that an end-to-end test runs a whole sequence in a minute.',
    defaultText: 'unset: real days, the campaign’s spacing and sending window, a pass a minute',
  }),
  SMTP_ACCOUNT_LIMIT: setting(integer(0), {
    group: 'Mail',
    description: 'The plan’s number of SMTP accounts per user.',
    default: '3',
  }),
  MAIL_HOST_ALLOWLIST: setting(
    hostsAndRanges((item) => parseAllowEntry(item) !== null),
    {
      group: 'Mail',
      description:
        'Host names, addresses and CIDR ranges of mail servers the account checks and the mailbox watch may reach although they are not public (loopback, private, link-local…), separated by commas; empty: public addresses only.',
      default: '',
    },
  ),
  MAIL_PORTS: setting(ports(), {
    group: 'Mail',
    description: `Ports of users’ mail servers accepted besides ${MAIL_PORTS.join(', ')}, separated by commas.`,
    default: '',
  }),
  // Limits
  MAIL_CHECK_RATE_LIMIT: setting(integer(1), {
    group: 'Limits',
    description:
      'Live checks of a mail account (adding an SMTP/IMAP account) per user and minute before 429.',
    default: '10',
  }),
  LIVE_STREAMS_PER_USER: setting(integer(1), {
    group: 'Limits',
    description:
      'Live event streams (one per open tab) a signed-in user may hold on one server instance before 429.',
    default: '12',
  }),
  LIVE_STREAMS_PER_INSTANCE: setting(integer(1), {
    group: 'Limits',
    description:
      'Live event streams one server instance holds at most before 429 (the client tries again later).',
    default: '5000',
  }),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: setting(integer(1), {
    group: 'Limits',
    description:
      'Failed logins per account in the window before its attempts slow down progressively (never a lock-out; a device that signed in before is exempt).',
    default: '5',
  }),
  LOGIN_RATE_LIMIT_PER_ADDRESS: setting(integer(1), {
    group: 'Limits',
    description:
      'Failed logins per client address in the window before 429 (successful ones never count; a device that signed in before is not held back).',
    default: '50',
  }),
  LOGIN_RATE_LIMIT_WINDOW: setting(duration(), {
    group: 'Limits',
    description: 'The window of the login limits.',
    default: '15m',
  }),
  RESET_RATE_LIMIT_PER_ADDRESS: setting(integer(1), {
    group: 'Limits',
    description:
      'Password-reset requests per client address in the login window before 429 (wrong reset codes count against LOGIN_RATE_LIMIT_PER_ADDRESS).',
    default: '10',
  }),
  UPLOAD_DIR: setting(text(), {
    group: 'Limits',
    description: 'Where onboarding uploads are stored.',
    defaultText: 'uploads next to DATA_DIR',
  }),
  UPLOAD_CONCURRENCY: setting(integer(1), {
    group: 'Limits',
    description: 'Onboarding uploads running at once; more are answered 503.',
    default: '4',
  }),
  UPLOAD_CONCURRENCY_PER_CUSTOMER: setting(integer(1), {
    group: 'Limits',
    description:
      'Of those, uploads of one customer at once; more are answered 503, so one customer never holds every slot.',
    default: '2',
  }),
  UPLOAD_QUOTA_MB: setting(integer(1), {
    group: 'Limits',
    description:
      'Megabytes of onboarding files one customer may keep; an upload past it is answered 507.',
    default: '200',
  }),
  // External sign-in
  OAUTH_REDIRECT_BASE_URL: setting(text(), {
    group: 'External sign-in of mailboxes (OAuth 2.0)',
    description: 'The public origin of this server the provider sends the browser back to.',
    defaultText: 'PUBLIC_URL',
  }),
  OAUTH_STATE_TTL: setting(duration(), {
    group: 'External sign-in of mailboxes (OAuth 2.0)',
    description: 'How long a started sign-in may take before its state expires.',
    default: '15m',
  }),
  ...providerShape('google'),
  ...providerShape('microsoft'),
  // Background jobs
  JOBS_WORKER: setting(flag(), {
    group: 'Background jobs',
    description:
      'true runs background jobs (reset e-mails, the mailbox watch) on this instance; false: it only adds them, other instances run them.',
    default: 'true',
  }),
  JOBS_POLL_INTERVAL: setting(seconds(0.5), {
    group: 'Background jobs',
    description:
      'Seconds between two looks for jobs that became due (retries, deferred jobs); a new job wakes the workers at once.',
    default: '2',
  }),
  JOBS_SHUTDOWN_TIMEOUT: setting(duration(), {
    group: 'Background jobs',
    description:
      'How long a stopping server lets its running jobs finish before it returns them to the queue.',
    default: '20s',
  }),
  // Logs
  LOG_LEVEL: setting(oneOf(LOG_LEVELS), {
    group: 'Logs',
    description: 'The least severe log lines written.',
    default: 'info',
  }),
  LOG_FORMAT: setting(oneOf(['json', 'pretty'] as const, 'json or pretty'), {
    group: 'Logs',
    description:
      'json keeps JSON lines in development too; pretty forces readable lines without a terminal (staging and production always log JSON).',
    defaultText: 'readable, coloured lines on a development terminal, JSON lines elsewhere',
  }),
};

/** Staging and production hold real accounts: they refuse to start without these settings. */
export const DEPLOYED_REQUIRED_SETTINGS = ['SMTP_URL', 'JWT_SECRET', 'ENCRYPTION_KEY'] as const;

/**
 * The environment: APP_ENV when set; otherwise NODE_ENV=production means production (a server started the way
 * Node servers are deployed must never run with development's routes and generated secrets), then CI, else development.
 */
export function environmentOf(settings: {
  APP_ENV?: Environment | undefined;
  NODE_ENV?: string | undefined;
  CI?: string | undefined;
}): Environment {
  if (settings.APP_ENV) return settings.APP_ENV;
  if (settings.NODE_ENV === 'production') return 'production';
  return settings.CI === 'true' || settings.CI === '1' ? 'ci' : 'development';
}

export function isDeployed(environment: Environment): boolean {
  return environment === 'staging' || environment === 'production';
}

/** How a message names the environment: the variable that chose it. */
function environmentSource(settings: Parameters<typeof environmentOf>[0]): string {
  const environment = environmentOf(settings);
  return settings.APP_ENV ? `APP_ENV=${environment}` : 'NODE_ENV=production (APP_ENV unset)';
}

/** The variables one by one; settingsSchema adds the rules between them. */
export const settingsObject = z.object(shape);

export const settingsSchema = settingsObject.superRefine((settings, ctx) => {
  const environment = environmentOf(settings);
  if (isDeployed(environment)) {
    const missing = DEPLOYED_REQUIRED_SETTINGS.filter((name) => settings[name] === undefined);
    if (missing.length) {
      ctx.addIssue({
        code: 'custom',
        message: `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required when ${environmentSource(settings)}`,
      });
    }
    if (settings.DEV_OUTBOX) {
      ctx.addIssue({
        code: 'custom',
        message: `DEV_OUTBOX=true is only allowed when APP_ENV is development or ci (got "${environment}")`,
      });
    }
    if (settings.SENDING_TEST_DAY !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `SENDING_TEST_DAY is only allowed when APP_ENV is development or ci (got "${environment}"): it sends a campaign's steps minutes apart`,
      });
    }
    if (settings.MAIL_CATCHER) {
      ctx.addIssue({
        code: 'custom',
        message: `MAIL_CATCHER=true is only allowed when APP_ENV is development or ci (got "${environment}"): deployed servers send real mail`,
      });
    }
  }
  if (settings.MAIL_CATCHER_PORT > 65535) {
    ctx.addIssue({
      code: 'custom',
      message: `MAIL_CATCHER_PORT must be a port, 0 to 65535 (got ${settings.MAIL_CATCHER_PORT})`,
    });
  }
  for (const provider of EXTERNAL_SIGN_IN_PROVIDERS) {
    const prefix = providerPrefix(provider);
    const id = settings[`${prefix}_CLIENT_ID`];
    const secret = settings[`${prefix}_CLIENT_SECRET`];
    if (Boolean(id) !== Boolean(secret)) {
      ctx.addIssue({
        code: 'custom',
        message: `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`,
      });
    }
  }
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingName = keyof typeof shape;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** One line per problem: the variable, what it must be, what it was given. */
export function settingsError(error: z.ZodError): ConfigError {
  const lines = error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')} ${issue.message}` : issue.message,
  );
  return new ConfigError(lines.join('\n'));
}

/** Parses the environment, or throws a ConfigError naming every variable that is wrong. */
export function parseSettings(env: NodeJS.ProcessEnv): Settings {
  const result = settingsSchema.safeParse(env);
  if (!result.success) throw settingsError(result.error);
  return result.data;
}

/** Parses only some variables (the listening address before the whole configuration, say). */
export function parseSomeSettings<K extends SettingName>(
  env: NodeJS.ProcessEnv,
  names: readonly K[],
): Pick<Settings, K> {
  const result = z
    .object(Object.fromEntries(names.map((name) => [name, shape[name]])))
    .safeParse(env);
  if (!result.success) throw settingsError(result.error);
  return result.data as unknown as Pick<Settings, K>;
}

/** The settings in the order of the schema, with their meta (the .env.example writer's input). */
export function describedSettings(): { name: SettingName; meta: SettingMeta }[] {
  return (Object.keys(shape) as SettingName[]).map((name) => {
    const meta = settingsRegistry.get(shape[name]);
    if (!meta) throw new Error(`${name} has no description`);
    return { name, meta };
  });
}

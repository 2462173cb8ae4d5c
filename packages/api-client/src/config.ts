/**
 * Runtime configuration (§7): the web app reads `/config.json` at start-up, so one build serves every
 * environment. An empty base URL means "same origin".
 */
import { ENVIRONMENTS, type Environment } from '@prospecta/domain';

export interface RuntimeConfig {
  apiBaseUrl: string;
  userServiceBaseUrl: string;
  environment: Environment;
  /** The server runs the local mail catcher (development and CI): staff see its page of caught mails. */
  mailCatcher: boolean;
}

export const DEFAULT_RUNTIME_CONFIG: Readonly<RuntimeConfig> = Object.freeze({
  apiBaseUrl: '',
  userServiceBaseUrl: '',
  environment: 'development',
  mailCatcher: false,
});

export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeConfigError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a parsed config.json. Missing keys take the same-origin defaults; a key of the wrong type or an
 * unknown environment is an error (a broken deployment must not silently talk to the wrong server).
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) {
    throw new RuntimeConfigError('config.json must hold a JSON object.');
  }
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG };
  for (const key of ['apiBaseUrl', 'userServiceBaseUrl'] as const) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      throw new RuntimeConfigError(
        `config.json: "${key}" must be a string (an empty string means same origin).`,
      );
    }
    config[key] = value.trim().replace(/\/+$/, '');
  }
  const environment = raw.environment;
  if (environment !== undefined && environment !== null) {
    if (
      typeof environment !== 'string' ||
      !(ENVIRONMENTS as readonly string[]).includes(environment)
    ) {
      throw new RuntimeConfigError(
        `config.json: "environment" must be one of ${ENVIRONMENTS.join(', ')}; got ${JSON.stringify(environment)}.`,
      );
    }
    config.environment = environment as Environment;
  }
  const mailCatcher = raw.mailCatcher;
  if (mailCatcher !== undefined && mailCatcher !== null) {
    if (typeof mailCatcher !== 'boolean') {
      throw new RuntimeConfigError(
        `config.json: "mailCatcher" must be true or false; got ${JSON.stringify(mailCatcher)}.`,
      );
    }
    config.mailCatcher = mailCatcher;
  }
  return config;
}

/**
 * Fetches and checks the runtime configuration. When the file is absent (404, an HTML fallback page, a network
 * failure — e.g. the Vite dev server without the API) the same-origin defaults apply; a file that is present but malformed
 * raises RuntimeConfigError.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  url = '/config.json',
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch {
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
  if (response.status === 404) return { ...DEFAULT_RUNTIME_CONFIG };
  // A single-page-app fallback (index.html served for an unknown path) also means "no config file".
  if (response.ok && (response.headers.get('Content-Type') ?? '').includes('text/html')) {
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`Could not load ${url}: the server answered ${response.status}.`);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RuntimeConfigError(`${url} is not valid JSON.`);
  }
  return parseRuntimeConfig(parsed);
}

import type { EarlySessionCheck } from '../../core/session/controller';
import type { EarlyData } from './earlyData';

/**
 * How the early script (app/start/early.ts) hands its requests to the app: it leaves them on the page's global object
 * under a symbol, and the app takes each answer once. The app's first chunk carries this module alone, not the
 * script's code.
 */

/**
 * The session check made early, for the stored access token: whether the server accepted the token (null when the
 * call failed or was refused: the app checks again itself) and the profile's parsed answer (null likewise).
 */
export interface EarlySession extends EarlySessionCheck {
  token: string;
}

/**
 * What the script hands to the app: /config.json's answer, each call's parsed answer (null when it failed) and the
 * session check.
 */
export interface EarlyRequests {
  config: Promise<Response> | null;
  data: Map<EarlyData, Promise<unknown>>;
  session: EarlySession | null;
}

export const HANDOFF = Symbol.for('prospecta.earlyRequests');
export type Holder = { [HANDOFF]?: EarlyRequests };

/** The runtime configuration, once: the page's, else the early /config.json answer (null where the script did not run). */
export function takeEarlyConfig(scope: object = globalThis): Promise<Response> | null {
  const requests = (scope as Holder)[HANDOFF];
  const config = requests?.config ?? null;
  if (requests) requests.config = null;
  return config;
}

/** The early answer of `item`, once: its parsed body, or null when the call failed (null too where none started). */
export function takeEarlyData(
  item: EarlyData,
  scope: object = globalThis,
): Promise<unknown> | null {
  const requests = (scope as Holder)[HANDOFF];
  const answer = requests?.data.get(item) ?? null;
  requests?.data.delete(item);
  return answer;
}

/**
 * The early session check, once, if it was made for `token` (the app's stored access token at start-up): the verify
 * call's outcome and the profile's answer. Null where the script did not run or checked another token.
 */
export function takeEarlySession(
  token: string,
  scope: object = globalThis,
): EarlySessionCheck | null {
  const requests = (scope as Holder)[HANDOFF];
  const early = requests?.session ?? null;
  if (!early || !requests) return null;
  requests.session = null;
  return early.token === token ? { verified: early.verified, profile: early.profile } : null;
}

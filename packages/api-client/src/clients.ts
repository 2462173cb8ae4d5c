import createClient, { type Client } from 'openapi-fetch';
import { createAuthMiddleware, type AuthSeam, type TokenPairLike } from './auth';
import type { RuntimeConfig } from './config';
import { ApiError } from './errors';
import type { MainApiPaths, UserServicePaths } from './schema';

export type ApiClient = Client<MainApiPaths>;
export type UserServiceClient = Client<UserServicePaths>;

export interface ApiClients {
  /** The main API (/api/v1, /api/v2, /api/dev). */
  api: ApiClient;
  /** The user service (/api/users…, /api/user/…). */
  users: UserServiceClient;
}

export interface CreateApiClientsOptions {
  config: Pick<RuntimeConfig, 'apiBaseUrl' | 'userServiceBaseUrl'>;
  auth: AuthSeam;
  /** Called on a 418 answer; default: location.reload(). */
  onReload?: () => void;
  /** Default: the global fetch, looked up at call time (so test interceptors installed later still apply). */
  fetch?: typeof fetch;
}

/**
 * Both clients share one auth middleware, hence one single-flight refresh: a 401 on either base waits for
 * the same refresh.
 */
export function createApiClients(options: CreateApiClientsOptions): ApiClients {
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const middleware = createAuthMiddleware({
    auth: options.auth,
    fetch: fetchImpl,
    ...(options.onReload ? { onReload: options.onReload } : {}),
  });
  const api = createClient<MainApiPaths>({ baseUrl: options.config.apiBaseUrl, fetch: fetchImpl });
  const users = createClient<UserServicePaths>({
    baseUrl: options.config.userServiceBaseUrl,
    fetch: fetchImpl,
  });
  api.use(middleware);
  users.use(middleware);
  return { api, users };
}

/**
 * The refresh call for an AuthSeam: POST /api/v2/auth/token/refresh. Resolves the new pair on 200,
 * rejects with ApiError otherwise (the middleware turns that into 'Failed to refresh token').
 */
export async function requestTokenRefresh(
  api: ApiClient,
  refreshToken: string,
): Promise<TokenPairLike> {
  const { data, error, response } = await api.POST('/api/v2/auth/token/refresh', {
    body: { refresh: refreshToken },
  });
  if (response.status !== 200 || !data) throw new ApiError(response.status, error);
  return data;
}

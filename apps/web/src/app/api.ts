import type { ApiClientsLike } from './types';

/** The clients created by `createApiClients` (@prospecta/api-client). */
export type ApiClients = ApiClientsLike;

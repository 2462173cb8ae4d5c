/** The clients created by `createApiClients` (@prospecta/api-client). */
export type { ApiClients } from '@prospecta/api-client';

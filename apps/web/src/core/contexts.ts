import { createContext } from 'react';
import type { Preferences } from './preferences';
import type { ApiClients } from './api';
import type { SessionUser } from './types';
import type { QueryClientLoader } from './queryClientLoader';

export interface SessionContextValue {
  user: SessionUser;
  isStaff: boolean;
  /** Clears the session (tokens, query cache, selected user) and revokes the refresh token. */
  signOut(): void;
}

export const ApiClientsContext = createContext<ApiClients | null>(null);
export const SessionContext = createContext<SessionContextValue | null>(null);
export const PreferencesContext = createContext<Preferences | null>(null);
export const QueryClientLoaderContext = createContext<QueryClientLoader | null>(null);

/**
 * What the server offers beyond the product, from its runtime configuration (/config.json): `caughtMails`, the staff
 * page of the local mail catcher (development and CI servers that run it; never production).
 */
export interface ServerFeatures {
  caughtMails: boolean;
}

export const ServerFeaturesContext = createContext<ServerFeatures>({ caughtMails: false });

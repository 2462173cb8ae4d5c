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

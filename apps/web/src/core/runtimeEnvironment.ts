import { createContext, useContext } from 'react';

/**
 * What the UI reads from the browser and the clock, overridable so stories and visual baselines are stable.
 * The app provides nothing: the real user agent and the current date apply.
 */
export interface RuntimeEnvironment {
  userAgent?: string;
  now?: () => Date;
}

export const RuntimeEnvironmentContext = createContext<RuntimeEnvironment>({});

export function useUserAgent(): string {
  const { userAgent } = useContext(RuntimeEnvironmentContext);
  return userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

export function useNow(): Date {
  const { now } = useContext(RuntimeEnvironmentContext);
  return now ? now() : new Date();
}

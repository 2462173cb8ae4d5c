/**
 * Every client-kept preference (§3) lives in local storage under this one prefix. Its own module, without the
 * preferences' schemas, so the early script (app/start/early.ts) reads the stored selection without them.
 */
export const PREFERENCE_PREFIX = 'prospecta.';

/**
 * The two parts of each language's messages in the production build (the sign-in page ships only what it
 * shows). `start`: the texts shared by every feature (`core`, core/messages) and the features of the screens a
 * visitor without a session can reach (sign-in, password reset and change, not found, the start-up and route errors,
 * the loading screen, the frame's logo and language switch), fetched before the first render. `app`: every other
 * feature, fetched with the signed-in area's code (app/routes/routes.tsx). The i18n check test keeps the start
 * features, core and the app's root from using another feature's messages.
 */
const START_FEATURES: readonly string[] = ['core', 'auth', 'frame', 'not-found', 'shell'];

export type MessageScope = 'start' | 'app';

export const scopeOfFeature = (feature: string): MessageScope =>
  START_FEATURES.includes(feature) ? 'start' : 'app';

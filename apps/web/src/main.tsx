import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyEnvironment } from '@prospecta/ui';
import { loadRuntimeConfig } from '@prospecta/api-client';
import { App, createAppRuntime, StartupFailure } from './app/App';
import { createPreferences } from './core/preferences';
import { detectBrowserLocale, loadMessages } from './core/i18n';
import { paths } from './core/paths';
import { takeEarlyConfig } from './app/start/handoff';
import { preloadScreens } from './app/routes/routes';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

// The first language's messages (stored choice, else the browser's) load beside the runtime configuration.
const storedPreferences = createPreferences(window.localStorage);
const initialLocale = storedPreferences.get('locale') ?? detectBrowserLocale(navigator.languages);
const messages = loadMessages(initialLocale).catch((error: unknown) => {
  // LocaleProvider tries again, and falls back on the texts of the code if it cannot.
  console.error(error);
});

// Runtime configuration (GET /config.json), not baked into the build: one build serves every environment (the
// production build's early script already asked for it, app/start/early.ts). As soon as it is here, the session check
// starts (the messages may still load), and then the code of this URL's screens (without a session, the sign-in page
// the guard will send to). The first screen's data call leaves earlier still, from the production build's early script,
// which also preloads the signed-in area's files where a session is stored (app/start/early.ts); the query client comes
// with those files and takes that call over, or makes it itself where the early call did not run or failed
// (app/start/prefetch.ts).
loadRuntimeConfig((url, init) => takeEarlyConfig() ?? fetch(url, init))
  .then((config) => {
    applyEnvironment(config.environment);
    const runtime = createAppRuntime(config);
    const signedIn = storedPreferences.get('token') !== null;
    // With a stored session, the query client (and TanStack Query's code) comes at once, and asks for the screen's data.
    // A failure here is the signed-in layout's to show when it asks again.
    if (signedIn) runtime.queries.load().catch(() => undefined);
    // The first render waits for the first screen's code too: rendered before it, the screen would suspend, and React
    // holds back what replaces a loading fallback until 300 ms after that fallback appeared (core/lazyPage.ts).
    const screens = preloadScreens(signedIn ? window.location.pathname : paths.login);
    return Promise.all([messages, screens]).then(() => runtime);
  })
  .then((runtime) => {
    root.render(
      <StrictMode>
        <App runtime={runtime} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(
      <StrictMode>
        <StartupFailure error={error instanceof Error ? error : new Error(String(error))} />
      </StrictMode>,
    );
  });

import { LOCALES } from '@prospecta/domain';
import { preloadSignedInFiles, startEarlyRequests, warmLocaleData } from './early';

// The script index.html runs first in the production build (apps/web/vite.config.ts, plugin earlyRequests): it starts
// /config.json and the first screen's call while the browser downloads the app (app/start/early.ts), and with a
// usable stored session the signed-in area's files.
// The server writes the runtime configuration into the script's data-config (apps/api plugins/static-app.ts).
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
const requests = startEarlyRequests(window, Date.now(), script?.dataset.config);
if (requests.session)
  preloadSignedInFiles(document, script?.dataset.preload, window.localStorage, navigator.languages);
// In a task of its own, so the page goes on being parsed meanwhile (it usually runs before the app's modules arrive).
setTimeout(() => warmLocaleData(Intl, LOCALES), 0);

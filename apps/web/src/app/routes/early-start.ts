import { startEarlyRequests } from './early';

// The script index.html runs first in the production build (apps/web/vite.config.ts, plugin earlyRequests): it starts
// /config.json and the first screen's call while the browser downloads the app (app/routes/early.ts).
startEarlyRequests(window);

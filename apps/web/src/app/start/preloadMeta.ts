// Type imports only: apps/web/vite.config.ts reads this module with Node's own loader, which erases them.
import type { Locale } from '@prospecta/domain';

/**
 * The signed-in area's files, named by the production build in the `data-preload` attribute (JSON) of index.html's
 * early script (apps/web/vite.config.ts, plugin earlyRequests; app/start/early.ts reads it): its code and styles,
 * and its messages per locale.
 */
export interface SignedInFiles {
  code: string[];
  styles: string[];
  messages: Partial<Record<Locale, string>>;
}

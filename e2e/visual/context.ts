import type { BrowserContextOptions } from '@playwright/test';

/**
 * How every story is shown for its screenshot (e2e/visual.config.ts's `use`, and the page each worker keeps in
 * stories.spec.ts): one size, scale, colour scheme, motion, language and time zone, so a baseline changes only when
 * the story does.
 */
export const DEFAULT_VIEWPORT = { width: 1024, height: 768 } as const;

export const storyContextOptions = {
  viewport: DEFAULT_VIEWPORT,
  deviceScaleFactor: 1,
  colorScheme: 'light',
  reducedMotion: 'reduce',
  locale: 'en-US',
  timezoneId: 'Europe/Zurich',
} satisfies BrowserContextOptions;

import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { clearAllMocks, configure } from 'storybook/test';
// The design system's theme and bundled font (and its toast store). Nothing from the web app is imported here:
// page stories bring their own providers through decorators (apps/web/src/testing).
import { toast } from '@prospecta/ui';

// Deterministic screenshots: no animations or transitions under automation (vitest browser
// mode, Playwright visual harness). Real users of Storybook still see motion.
if (typeof navigator !== 'undefined' && navigator.webdriver) {
  document.documentElement.dataset.motion = 'off';
}

// Play functions wait for what a story shows (findBy…, waitFor) up to 5 s, not testing-library's 1 s: page stories load
// screens on demand over MSW, and the visual suite and the story tests run them on a shared, busy machine.
configure({ asyncUtilTimeout: 5000 });

const preview: Preview = {
  // MSW starts once (worker from ../public/mockServiceWorker.js); stories pass handlers in
  // `parameters.msw` (array of handlers) and the loader resets them between stories.
  loaders: [mswLoader()],
  // Each story starts as on a page of its own, also when it follows another in the same page (Storybook's UI, the
  // stories suite): toasts live in a store of the page (sonner's), which replays the ones still showing to the next
  // toaster that mounts, and a story file's module-level mocks (`const open = fn()`) keep the calls of the stories
  // before.
  beforeEach: () => {
    toast.dismiss();
    clearAllMocks();
  },

  globalTypes: {
    locale: {
      description: 'Language of page stories (read by the web app decorators)',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'fr', title: 'Français' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  parameters: {
    layout: 'padded',
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    options: {
      storySort: {
        // Screens in the order a user meets them; in each screen, its Overview (every state side by side) first.
        // Storybook reads this order without running the file: it must stay a literal.
        order: [
          'Introduction',
          'Foundations',
          ['Tokens', '*'],
          'Components',
          'Screens',
          [
            'Sign-in',
            ['Overview', '*'],
            'Onboarding',
            ['Overview', '*'],
            'Shell',
            ['Overview', '*'],
            'Dashboard',
            ['Overview', '*'],
            'Inbox',
            ['Overview', '*'],
            'Campaigns',
            ['Overview', '*'],
            'Campaign',
            ['Overview', '*'],
            'Prospect',
            ['Overview', '*'],
            'User',
            ['Overview', '*'],
            'Integrations',
            ['Overview', '*'],
            'AI wizard',
            ['Overview', '*'],
            'Not found',
            ['Overview', '*'],
            '*',
            ['Overview', '*'],
          ],
          '*',
        ],
      },
    },
  },
};

export default preview;

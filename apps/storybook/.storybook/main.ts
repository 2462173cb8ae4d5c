import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../src/**/*.mdx',
    '../../../packages/ui/src/**/*.stories.tsx',
    '../../web/src/**/*.stories.tsx',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Storybook's own onboarding checklist and guide are for people learning Storybook, not for our designers.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      // Pre-bundled up front so the story test run never reloads half-way (CI starts cold).
      optimizeDeps: {
        include: [
          'msw-storybook-addon/csf3',
          'msw/browser',
          'msw',
          'react-intl',
          'react-router',
          '@tanstack/react-query',
          '@prospecta/api-client > openapi-fetch',
          '@prospecta/machines > xstate',
          '@prospecta/web > @xstate/react',
          '@prospecta/web > formik',
          '@prospecta/web > zod',
          '@prospecta/web > zod/mini',
          '@prospecta/web > bowser',
          '@prospecta/ui > @vanilla-extract/recipes/createRuntimeFn',
          '@prospecta/ui > @vanilla-extract/sprinkles/createRuntimeSprinkles',
          '@prospecta/ui > clsx',
          '@prospecta/ui > lucide-react',
          '@prospecta/ui > sonner',
          '@prospecta/ui > @tanstack/react-virtual',
          '@prospecta/ui > @radix-ui/react-checkbox',
          '@prospecta/ui > @radix-ui/react-dialog',
          '@prospecta/ui > @radix-ui/react-dropdown-menu',
          '@prospecta/ui > @radix-ui/react-select',
          '@prospecta/ui > @radix-ui/react-tabs',
          '@prospecta/ui > @radix-ui/react-visually-hidden',
        ],
      },
    });
  },
};

export default config;

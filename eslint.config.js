import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import prospecta from './eslint-plugin-prospecta.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      '**/generated/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // The stories suite's review page and pictures, written while `pnpm test` lints in another lane.
      'visual-report/**',
      '.visual-diff/**',
      '**/.data/**',
      'apps/storybook/public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A labelled scroll region must be focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // No hard-coded user-visible text: the app translates through react-intl, the design system takes props.
    files: ['packages/ui/src/**/*.tsx', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.stories.tsx', '**/*.test.tsx', 'apps/web/src/testing/**'],
    plugins: { prospecta },
    rules: { 'prospecta/no-literal-ui-text': 'error' },
  },
  {
    // The web app reads top-down: root (app/) above features above core; features meet through their index.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { prospecta },
    rules: { 'prospecta/web-layers': 'error' },
  },
  {
    // The demo world is data for the seeds and the fixtures: the app and the server's running code never import it.
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'packages/{ui,machines}/src/**/*.{ts,tsx}',
      'apps/api/src/**/*.ts',
    ],
    ignores: [
      '**/*.stories.tsx',
      '**/*.test.{ts,tsx}',
      'apps/web/src/testing/**',
      'apps/api/src/seed/**',
      'apps/api/src/routes/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@prospecta/domain/demo',
              message:
                'The demo world is for the seeds (apps/api/src/seed/) and the fixtures only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's handlers hold no SQL: they call the repository of their aggregate (apps/api/src/repositories/).
    files: ['apps/api/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'SQL belongs in apps/api/src/repositories/.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|transaction)$/]',
          message:
            'Queries belong in apps/api/src/repositories/: call the repository (ctx.services.repos) instead.',
        },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
);

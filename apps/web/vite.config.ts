import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

/** The ICU parser the app's react-intl uses (a dependency of intl-messageformat, not of the app). */
function icuParserPath(): string {
  const fromApp = createRequire(import.meta.url);
  const fromIntl = createRequire(fromApp.resolve('react-intl'));
  return createRequire(fromIntl.resolve('intl-messageformat')).resolve('@formatjs/icu-messageformat-parser');
}

const CATALOGUE = /[\\/]features[\\/][^/\\]+[\\/]i18n[\\/](\w+)\.json$/;

/**
 * Production build only: the catalogues (features/x/i18n/<locale>.json) are parsed at build time, and the
 * runtime parser is replaced by its parser-less entry, so the browser neither downloads nor runs the ICU parser.
 * A message the catalogues lack falls back on its default text as written (react-intl reports the missing id).
 */
function precompiledMessages(): Plugin {
  let parse: ((message: string) => unknown) | undefined;
  return {
    name: 'prospecta:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async buildStart() {
      const parser = (await import(pathToFileURL(icuParserPath()).href)) as {
        parse: (message: string) => unknown;
      };
      parse = parser.parse;
    },
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (!CATALOGUE.test(path) || !parse) return null;
      const catalogue = JSON.parse(code) as Record<string, unknown>;
      const compiled: Record<string, unknown> = {};
      for (const [messageId, message] of Object.entries(catalogue)) {
        if (typeof message !== 'string') {
          this.error(`${path}: the message "${messageId}" is not a string.`);
        }
        try {
          compiled[messageId] = parse(message);
        } catch (error) {
          this.error(`${path}: the message "${messageId}" is not valid ICU: ${String(error)}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

// The web app: built to apps/web/dist and served by apps/api on the same origin.
// `pnpm dev` proxies the API and the runtime configuration to the API dev server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), vanillaExtractPlugin(), precompiledMessages()],
  // The app fetches each language's messages on demand (src/i18n/bundle.ts); tests and stories bundle them.
  define: { 'import.meta.env.LAZY_MESSAGES': 'true' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      treeshake: {
        // @prospecta/machines is pure (XState definitions, no DOM): the first chunk keeps the session machine
        // and drops the prospect, e-mail account and AI wizard machines its barrel re-exports.
        // Every other module keeps the side-effect information of its package.json.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]machines[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // One chunk of messages per language instead of one per feature and language.
        manualChunks: (id) => {
          const locale = CATALOGUE.exec(id)?.[1];
          return locale ? `messages-${locale}` : undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.json': { target: apiTarget, changeOrigin: true },
    },
  },
});

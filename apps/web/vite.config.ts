import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

const CATALOGUE = /[\\/](?:features[\\/][^/\\]+|core[\\/]messages)[\\/]i18n[\\/](\w+)\.json$/;

/**
 * Production build only: the catalogues (features/x/i18n/<locale>.json and core/messages/i18n/<locale>.json) are parsed at build time, and the
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

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest)$/;

/**
 * Production build only: every text file of the build of 1 KB or more gets a brotli (quality 11) and a gzip
 * (level 9) copy beside it (`x.js.br`, `x.js.gz`), written once here so the server sends them without
 * compressing per request (@fastify/static's preCompressed, apps/api/src/plugins/static-app.ts). A copy that
 * would not be smaller is not written. Source maps are left out (only developer tools read them).
 */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'prospecta:precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((path) => COMPRESSIBLE.test(path))) {
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

// The web app: built to apps/web/dist and served by apps/api on the same origin.
// `pnpm dev` proxies the API and the runtime configuration to the API dev server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), vanillaExtractPlugin(), precompiledMessages(), precompressed()],
  // The app fetches each language's messages on demand (src/core/i18n/bundle.ts); tests and stories bundle them.
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

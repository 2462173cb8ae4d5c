import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
// Relative imports, bundled into the config (the workspace packages export TypeScript sources).
import { DEFAULT_LOCALE, LOCALES } from '../../packages/domain/src/locale.ts';
import { scopeOfFeature } from './src/core/i18n/scopes.ts';
import {
  CATALOGUE,
  codeSplitting,
  importClosure,
  messagesChunk,
  planChunks,
  SIGNED_IN,
  type BuiltChunk,
} from './build/chunking.ts';
import type { SignedInFiles } from './src/app/start/preloadMeta.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

/** The ICU parser the app's react-intl uses (a dependency of intl-messageformat, not of the app). */
function icuParserPath(): string {
  const fromApp = createRequire(import.meta.url);
  const fromIntl = createRequire(fromApp.resolve('react-intl'));
  return createRequire(fromIntl.resolve('intl-messageformat')).resolve(
    '@formatjs/icu-messageformat-parser',
  );
}

/**
 * Production build only: the catalogues (features/x/i18n/<locale>.json and core/messages/i18n/<locale>.json) are parsed at build time, and the
 * runtime parser is replaced by its parser-less entry, so the browser neither downloads nor runs the ICU parser.
 * A locale's catalogue gets the French text of any message it lacks (the feature's fr.json), so the browser never
 * fetches French as a fallback (src/core/i18n/bundle.ts); a message no catalogue has falls back on its default text as
 * written (react-intl reports the missing id).
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
      const [, , locale] = CATALOGUE.exec(path) ?? [];
      const fallbackPath = path.replace(/[\w]+\.json$/, `${DEFAULT_LOCALE}.json`);
      const fallback =
        locale !== DEFAULT_LOCALE && existsSync(fallbackPath)
          ? (JSON.parse(readFileSync(fallbackPath, 'utf8')) as Record<string, unknown>)
          : {};
      if (locale !== DEFAULT_LOCALE) this.addWatchFile(fallbackPath);
      const catalogue = { ...fallback, ...(JSON.parse(code) as Record<string, unknown>) };
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
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Production build only: index.html first runs a small script of its own (src/app/start/early-start.ts, built here
 * into one self-contained file, `assets/early-<hash>.js`) that starts /config.json and the first screen's call while
 * the browser still downloads the app; the app takes them over (app/start/early.ts, app/start/prefetch.ts). A
 * separate build, so that it shares no chunk with the app (it would wait for it).
 */
function earlyRequests(): Plugin {
  let root = '';
  let fileName = '';
  return {
    name: 'prospecta:early-requests',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const built = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        build: {
          write: false,
          emptyOutDir: false,
          minify: true,
          sourcemap: false,
          lib: {
            entry: resolve(root, 'src/app/start/early-start.ts'),
            formats: ['iife'],
            name: 'prospectaEarlyRequests',
          },
          rollupOptions: {
            treeshake: {
              moduleSideEffects: [
                { test: /[\\/]packages[\\/](machines|domain)[\\/]src[\\/]/, sideEffects: false },
              ],
              // A property read whose value nothing uses is dropped: the script bundles core/paths.ts for its user
              // screens, not the rest of the route table the links are built from.
              propertyReadSideEffects: false,
            },
          },
        },
      });
      const output = (Array.isArray(built) ? built[0] : built) as {
        output: { type: string; code?: string }[];
      };
      const code = output.output.find((file) => file.type === 'chunk')?.code;
      if (!code) this.error('the early requests script did not build');
      fileName = `assets/early-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      // First in the page after its character set: /config.json starts at once beside the script (whose own request
      // for it takes that answer: same URL and mode), and the script is a plain one, run as soon as it arrives, before
      // the app's modules are evaluated (they wait for the end of the page anyway; the browser fetches them
      // meanwhile). The script's data-preload names the signed-in area's files, which it preloads where a session is
      // stored; its empty data-config is for the server to fill with the runtime configuration (apps/api
      // plugins/static-app.ts), which then needs neither the preload nor the request of /config.json.
      handler: (html, context) => {
        const charset = /<meta charset="UTF-8" \/>\n/;
        if (!charset.test(html))
          throw new Error(
            'index.html has no <meta charset="UTF-8" /> line to put the early script after',
          );
        const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        const files = JSON.stringify(signedInFiles(context.bundle ?? {}));
        return html.replace(
          charset,
          (line) =>
            `${line}    <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" fetchpriority="high">\n` +
            `    <script src="/${fileName}" fetchpriority="high" data-preload="${attribute(files)}" data-config=""></script>\n`,
        );
      },
    },
  };
}

type BundleFile =
  | {
      type: 'chunk';
      name: string;
      fileName: string;
      isEntry: boolean;
      imports: string[];
      viteMetadata?: { importedCss: Set<string> };
    }
  | { type: 'asset' };

/**
 * The files of the signed-in area (build/chunking.ts: `signed-in` and its static imports) that index.html does not
 * load anyway, their styles, and the signed-in area's messages per locale (src/app/start/early.ts reads them).
 */
function signedInFiles(bundle: Record<string, BundleFile | { type: string }>): SignedInFiles {
  const chunks = Object.values(bundle).filter(
    (file): file is Extract<BundleFile, { type: 'chunk' }> => file.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: string[]) =>
    importClosure(roots, (file) => byFile.get(file)?.imports ?? []);
  const first = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const code = [
    ...closure(chunks.filter((chunk) => chunk.name === SIGNED_IN).map((chunk) => chunk.fileName)),
  ].filter((file) => !first.has(file));
  if (code.length === 0)
    throw new Error(`the build has no "${SIGNED_IN}" chunk (build/chunking.ts)`);
  const styles = code.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
  const messages: SignedInFiles['messages'] = {};
  for (const locale of LOCALES) {
    const chunk = chunks.find((candidate) => candidate.name === messagesChunk('app', locale));
    if (chunk) messages[locale] = `/${chunk.fileName}`;
  }
  return {
    code: code.map((file) => `/${file}`),
    styles: styles.map((file) => `/${file}`),
    messages,
  };
}

/**
 * Production build only: the files of the build follow the app's parts (build/chunking.ts says how and why). Before
 * the build, a first one in memory, left to the bundler's own chunks, tells which screens need each module; the
 * build then reads that plan (`plan`, filled here before any chunk is made).
 */
function screenChunks(plan: Map<string, string>): Plugin {
  return {
    name: 'prospecta:screen-chunks',
    apply: 'build',
    async buildStart() {
      plan.clear();
      const first = appConfig(new Map());
      const built = await build({
        ...first,
        configFile: false,
        logLevel: 'warn',
        build: {
          ...first.build,
          write: false,
          minify: false,
          sourcemap: false,
          emptyOutDir: false,
          // Every screen loaded on demand keeps a chunk of its own (the bundler would merge some into shared chunks).
          rollupOptions: {
            ...first.build.rollupOptions,
            experimental: { chunkOptimization: false },
          },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as {
        output?: (({ type: 'chunk' } & BuiltChunk) | { type: 'asset' })[];
      }[];
      const chunks = outputs
        .flatMap((output) => output.output ?? [])
        .filter((file): file is { type: 'chunk' } & BuiltChunk => file.type === 'chunk');
      if (chunks.length === 0) this.error('the first build made no chunk');
      for (const [id, file] of planChunks(chunks)) plan.set(id, file);
    },
  };
}

/** What both builds share: the app, its plugins and its tree-shaking, with the chunks of a plan. */
function appConfig(plan: ReadonlyMap<string, string>) {
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react(), vanillaExtractPlugin(), precompiledMessages()],
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
          moduleSideEffects: [
            { test: /[\\/]packages[\\/]machines[\\/]src[\\/]/, sideEffects: false },
          ],
        },
        output: { codeSplitting: codeSplitting(plan, scopeOfFeature) },
      },
    },
  } satisfies UserConfig;
}

// The web app: built to apps/web/dist and served by apps/api on the same origin.
// `pnpm dev` proxies the API and the runtime configuration to the API dev server.
const plan = new Map<string, string>();
const app = appConfig(plan);
export default defineConfig({
  ...app,
  plugins: [...app.plugins, screenChunks(plan), earlyRequests(), precompressed()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.json': { target: apiTarget, changeOrigin: true },
      // The campaign mails' links (unsubscribe page, open pixel, tracked links), served by the API outside /api.
      '/m/': { target: apiTarget, changeOrigin: true },
    },
  },
});

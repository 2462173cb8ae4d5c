/**
 * How the production build splits the app into files (first cards).
 *
 * Left to the bundler, the dashboard's route came in 33 files of 0–16 KB after the 12 of the first chunk: one chunk
 * per set of on-demand screens sharing some modules. A browser fetches at most 6 files at a time from one HTTP/1.1
 * server, and on the 2-core machine each request cost it 80–150 ms whatever the size, so the route's code took about
 * 480 ms to arrive. Here the files follow the app's parts instead:
 *
 * - `start`: what the entry needs before the first render (React, the router, the session, the providers), in the
 *   entry's own file;
 * - `messages-<locale>` and `messages-app-<locale>`: each language's texts, in two parts (src/core/i18n/scopes.ts);
 * - `signed-in`: the signed-in layout, the shell, the toasts and the landing dashboard, with everything they share
 *   with other screens (the design system's components, Radix, the prospect modal, the API client's queries);
 * - `shared`: what the public screens (sign-in, password reset, not found) share with those;
 * - one file per other screen loaded on demand (`inbox`, `campaigns`, `wizard`, …) with what only it uses, and one
 *   per set of such screens for what only they share (`campaigns~inbox`, `integrations~profile`, and
 *   `integrations~profile~public` where the public screens use it too);
 * - the public screens' own code keeps the bundler's chunks, so that the sign-in page loads no signed-in code.
 *
 * Which screens use a module is the bundler's own answer (it follows each imported name through the barrels, which a
 * module graph cannot): `planChunks` reads the chunks of a first build left to the bundler, and the real build puts
 * each module in the file of the screens that needed its chunk (vite.config.ts runs both).
 */

/** What the plan reads of a first build's chunk. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  /** The chunks this one imports statically (file names). */
  imports: readonly string[];
  moduleIds: readonly string[];
}

/** A message catalogue (group 1: its feature, none for core's; group 2: its locale). */
export const CATALOGUE =
  /[\\/](?:features[\\/]([^/\\]+)|core[\\/]messages)[\\/]i18n[\\/](\w+)\.json$/;

const FEATURE = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([^/\\]+)[\\/]/;
/** The screens a visitor without a session reaches. */
const PUBLIC_FEATURES: ReadonlySet<string> = new Set(['auth', 'not-found']);
/** The signed-in shell's features (src/features/shell: the layout, the toasts, the home page). */
const SHELL_FEATURES: ReadonlySet<string> = new Set(['shell']);
/** The first screen after sign-in (`/`): its code comes with the signed-in area's. */
const LANDING = 'dashboard';
/** At most this many screens share a file of their own (`planChunks` refuses more). */
export const MAX_SCREENS = 12;

const START = 'start';
const SHARED = 'shared';
export const SIGNED_IN = 'signed-in';
const PUBLIC = 'public';

/**
 * The part of the app an on-demand module starts: its feature, `public` for the public screens', and `signed-in`
 * for the signed-in layout and the shell's own (the toasts, the home page), loaded with any signed-in screen.
 */
export function rootOf(facadeModuleId: string): string {
  const feature = FEATURE.exec(facadeModuleId)?.[1];
  if (!feature || SHELL_FEATURES.has(feature)) return SIGNED_IN;
  return PUBLIC_FEATURES.has(feature) ? PUBLIC : feature;
}

/** The chunks `roots` load, themselves included: their static imports, directly or not (by file name). */
export function importClosure(
  roots: readonly string[],
  importsOf: (file: string) => readonly string[],
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file));
  }
  return seen;
}

/**
 * The parts of the app whose loading needs each module (by id), from the chunks of a build left to the bundler:
 * `start` for the entry, else the roots of the on-demand chunks (`rootOf`) that import its chunk, directly or not.
 * The message catalogues are left out.
 */
export function neededBy(chunks: readonly BuiltChunk[]): Map<string, ReadonlySet<string>> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const needs = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    if (!chunk.isEntry && !chunk.isDynamicEntry) continue;
    if (chunk.facadeModuleId === null || CATALOGUE.test(chunk.facadeModuleId)) continue;
    const root = chunk.isEntry ? START : rootOf(chunk.facadeModuleId);
    for (const file of importClosure([chunk.fileName], (name) => byFile.get(name)?.imports ?? [])) {
      if (!needs.has(file)) needs.set(file, new Set());
      needs.get(file)!.add(root);
    }
  }
  const modules = new Map<string, ReadonlySet<string>>();
  for (const chunk of chunks) {
    const roots = needs.get(chunk.fileName);
    if (!roots) continue;
    // The catalogues have their own files.
    for (const id of chunk.moduleIds) if (!CATALOGUE.test(id)) modules.set(id, roots);
  }
  return modules;
}

/**
 * The file of each module (by id) that does not stay where the bundler puts it: `start`, `shared`, `signed-in` or the
 * screens' names (`dashboard`, `campaigns~dashboard`). The message catalogues and the public screens' own modules
 * are left out.
 */
export function planChunks(chunks: readonly BuiltChunk[]): Map<string, string> {
  const plan = new Map<string, string>();
  for (const [id, roots] of neededBy(chunks)) {
    const file = fileFor(roots);
    if (file !== null) plan.set(id, file);
  }
  return plan;
}

function fileFor(roots: ReadonlySet<string>): string | null {
  if (roots.has(START)) return START;
  if (roots.has(SIGNED_IN) || roots.has(LANDING)) return roots.has(PUBLIC) ? SHARED : SIGNED_IN;
  // The public screens' own modules stay in the bundler's chunks; what they share with other screens only (the
  // forms of the profile) gets a file of those screens, like `integrations~profile~public`.
  if (roots.size === 1 && roots.has(PUBLIC)) return null;
  if (roots.size > MAX_SCREENS)
    throw new Error(`${roots.size} screens share a module: raise MAX_SCREENS in build/chunking.ts`);
  return [...roots].sort().join('~');
}

/** The name of a language's messages chunk of one scope (src/core/i18n/scopes.ts). */
export const messagesChunk = (scope: 'start' | 'app', locale: string): string =>
  scope === 'start' ? `messages-${locale}` : `messages-app-${locale}`;

/**
 * The bundler's `output.codeSplitting` for a plan (empty for the first build: the bundler's own chunks, but for the
 * messages). `scopeOf` names a feature's message scope (src/core/i18n/scopes.ts).
 *
 * The bundler also puts a module's imports in its file unless a group of higher priority took them first. An imported
 * module is needed by at least the parts that need its importer, so its file comes first in this order: `start`,
 * `shared`, `signed-in`, then the screens' files.
 */
export function codeSplitting(
  plan: ReadonlyMap<string, string>,
  scopeOf: (feature: string) => 'start' | 'app',
) {
  const inFile = (file: string) => (id: string) => (plan.get(id) === file ? file : null);
  /** The files of screens' modules by how many screens need them (a module's imports have at least its screens). */
  const screensFiles = (id: string) => {
    const file = plan.get(id);
    return file === undefined || file === START || file === SHARED || file === SIGNED_IN
      ? null
      : file;
  };
  return {
    groups: [
      {
        name: (id: string) => {
          const match = CATALOGUE.exec(id);
          const locale = match?.[2];
          if (!match || !locale) return null;
          return messagesChunk(scopeOf(match[1] ?? 'core'), locale);
        },
        priority: MAX_SCREENS + 4,
      },
      { name: inFile(START), priority: MAX_SCREENS + 3 },
      { name: inFile(SHARED), priority: MAX_SCREENS + 2 },
      { name: inFile(SIGNED_IN), priority: MAX_SCREENS + 1 },
      // The plan is made after these groups (the first build runs at the start of the real one): one group per count.
      ...Array.from({ length: MAX_SCREENS }, (_, index) => {
        const count = MAX_SCREENS - index;
        return {
          name: (id: string) =>
            screensFiles(id)?.split('~').length === count ? screensFiles(id) : null,
          priority: count,
        };
      }),
    ],
  };
}

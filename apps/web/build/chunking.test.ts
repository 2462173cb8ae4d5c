import { describe, expect, it } from 'vitest';
import {
  codeSplitting,
  MAX_SCREENS,
  neededBy,
  planChunks,
  rootOf,
  type BuiltChunk,
} from './chunking';

const src = '/repo/apps/web/src';
const ui = (name: string) => `/repo/packages/ui/src/components/${name}/${name}.tsx`;

/** A first build as the bundler leaves it: the entry, the on-demand screens and the chunks they share. */
function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  facade: string | null = null,
  entry = false,
): BuiltChunk {
  return {
    fileName,
    moduleIds,
    imports,
    facadeModuleId: facade,
    isEntry: entry,
    isDynamicEntry: facade !== null && !entry,
  };
}
const firstBuild: BuiltChunk[] = [
  chunk(
    'index.js',
    [`${src}/main.tsx`, `${src}/app/App.tsx`],
    ['hooks.js'],
    '/repo/apps/web/index.html',
    true,
  ),
  chunk('hooks.js', ['/repo/node_modules/react/index.js']),
  chunk(
    'auth.js',
    [`${src}/features/auth/index.ts`, `${src}/features/auth/LoginForm.tsx`],
    ['forms.js', 'button.js', 'hooks.js'],
    `${src}/features/auth/index.ts`,
  ),
  chunk(
    'authenticated.js',
    [`${src}/app/routes/authenticated.tsx`, `${src}/features/shell/ShellLayout.tsx`],
    ['button.js', 'dialog.js'],
    `${src}/app/routes/authenticated.tsx`,
  ),
  chunk(
    'toaster.js',
    [`${src}/features/shell/AppToaster.tsx`],
    ['dialog.js'],
    `${src}/features/shell/AppToaster.tsx`,
  ),
  chunk(
    'dashboard.js',
    [`${src}/features/dashboard/index.tsx`],
    ['board.js', 'dialog.js'],
    `${src}/features/dashboard/index.tsx`,
  ),
  chunk(
    'campaigns.js',
    [`${src}/features/campaigns/index.tsx`],
    ['board.js', 'campaigns-inbox.js'],
    `${src}/features/campaigns/index.tsx`,
  ),
  chunk(
    'inbox.js',
    [`${src}/features/inbox/index.ts`, `${src}/features/inbox/InboxPage.tsx`],
    ['campaigns-inbox.js'],
    `${src}/features/inbox/index.ts`,
  ),
  chunk(
    'profile.js',
    [`${src}/features/profile/index.ts`],
    ['forms.js'],
    `${src}/features/profile/index.ts`,
  ),
  chunk('button.js', [ui('Button')], ['hooks.js']),
  chunk('dialog.js', [ui('Dialog'), '/repo/node_modules/@radix-ui/react-dialog/dist/index.mjs']),
  chunk('board.js', [`${src}/features/board/boardModel.ts`, ui('Kanban')]),
  chunk('campaigns-inbox.js', [`${src}/features/prospect/ProspectDetailModal.tsx`], ['dialog.js']),
  chunk('forms.js', ['/repo/node_modules/formik/dist/formik.esm.js'], ['button.js']),
  chunk('fr.js', [`${src}/features/inbox/i18n/fr.json`], [], `${src}/features/inbox/i18n/fr.json`),
];

describe('the build’s files by the app’s parts (first cards)', () => {
  it('names the part each on-demand module starts', () => {
    expect(rootOf(`${src}/features/auth/index.ts`)).toBe('public');
    expect(rootOf(`${src}/features/not-found/index.ts`)).toBe('public');
    expect(rootOf(`${src}/app/routes/authenticated.tsx`)).toBe('signed-in');
    expect(rootOf(`${src}/features/shell/HomePage.tsx`)).toBe('signed-in');
    expect(rootOf(`${src}/features/dashboard/DashboardPage.tsx`)).toBe('dashboard');
    expect(rootOf(`${src}/features/inbox/components/UnreadAnswersDialog.tsx`)).toBe('inbox');
  });

  it('finds which parts need each module through the chunks that import its chunk', () => {
    const needs = neededBy(firstBuild);
    expect([...needs.get(ui('Button'))!].sort()).toEqual(['profile', 'public', 'signed-in']);
    expect([...needs.get(ui('Kanban'))!].sort()).toEqual(['campaigns', 'dashboard']);
    expect([...needs.get('/repo/node_modules/react/index.js')!].sort()).toEqual([
      'profile',
      'public',
      'signed-in',
      'start',
    ]);
    // The entry's modules make the first file (index.html names it); the catalogues are not planned.
    expect([...needs.get(`${src}/main.tsx`)!]).toEqual(['start']);
    expect(needs.has(`${src}/features/inbox/i18n/fr.json`)).toBe(false);
  });

  it('puts each module in the file of the parts that need it', () => {
    const plan = planChunks(firstBuild);
    expect(plan.get(`${src}/app/App.tsx`)).toBe('start');
    expect(plan.get('/repo/node_modules/react/index.js')).toBe('start');
    // Public and signed-in: `shared`; the signed-in layout's, the toasts' and the landing screen's: `signed-in`.
    expect(plan.get(ui('Button'))).toBe('shared');
    expect(plan.get(ui('Dialog'))).toBe('signed-in');
    expect(plan.get(`${src}/features/shell/AppToaster.tsx`)).toBe('signed-in');
    expect(plan.get(`${src}/features/dashboard/index.tsx`)).toBe('signed-in');
    expect(plan.get(ui('Kanban'))).toBe('signed-in');
    // Other screens: a file of their own, or of the screens sharing it.
    expect(plan.get(`${src}/features/inbox/InboxPage.tsx`)).toBe('inbox');
    expect(plan.get(`${src}/features/prospect/ProspectDetailModal.tsx`)).toBe('campaigns~inbox');
    expect(plan.get('/repo/node_modules/formik/dist/formik.esm.js')).toBe('profile~public');
    // The public screens' own code stays in the bundler's chunks, and so do the catalogues.
    expect(plan.has(`${src}/features/auth/LoginForm.tsx`)).toBe(false);
    expect(plan.has(`${src}/features/inbox/i18n/fr.json`)).toBe(false);
  });

  it('gives every imported chunk’s modules a group at least as high as its importer’s, so that no group drags a module below its own file and files never import each other', () => {
    const plan = planChunks(firstBuild);
    const { groups } = codeSplitting(plan, () => 'app');
    const priority = (id: string): number => {
      const group = groups.find((candidate) => candidate.name(id) !== null);
      return group?.priority ?? 0;
    };
    const byFile = new Map(firstBuild.map((built) => [built.fileName, built]));
    let edges = 0;
    for (const importer of firstBuild) {
      for (const file of importer.imports) {
        for (const from of importer.moduleIds.filter((id) => plan.has(id))) {
          for (const to of byFile.get(file)!.moduleIds) {
            edges += 1;
            expect(priority(to), `${to} (imported by ${from})`).toBeGreaterThanOrEqual(
              priority(from),
            );
            // Files import only files above them: no two files import each other.
            if (priority(to) === priority(from) && plan.has(to))
              expect(plan.get(to)).toBe(plan.get(from));
          }
        }
      }
    }
    expect(edges).toBeGreaterThan(10);
  });

  it('gives the messages their two files per language, first of all', () => {
    const { groups } = codeSplitting(new Map(), (feature) =>
      feature === 'auth' || feature === 'core' ? 'start' : 'app',
    );
    const [messages] = groups;
    expect(messages!.name(`${src}/features/auth/i18n/en.json`)).toBe('messages-en');
    expect(messages!.name(`${src}/core/messages/i18n/fr.json`)).toBe('messages-fr');
    expect(messages!.name(`${src}/features/inbox/i18n/fr.json`)).toBe('messages-app-fr');
    expect(messages!.name(`${src}/features/inbox/InboxPage.tsx`)).toBeNull();
    expect(Math.max(...groups.map((group) => group.priority))).toBe(messages!.priority);
  });

  it('refuses a module shared by more screens than it has groups for', () => {
    const screens = Array.from({ length: MAX_SCREENS + 1 }, (_, index) => `screen${index}`);
    const wide: BuiltChunk[] = [
      ...screens.map((name) =>
        chunk(
          `${name}.js`,
          [`${src}/features/${name}/index.ts`],
          ['common.js'],
          `${src}/features/${name}/index.ts`,
        ),
      ),
      chunk('common.js', ['/repo/node_modules/common/index.js']),
    ];
    expect(() => planChunks(wide)).toThrow(/MAX_SCREENS/);
  });
});

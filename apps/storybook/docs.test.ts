import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadCsf } from 'storybook/internal/csf-tools';
import { describe, expect, it } from 'vitest';
import config from './.storybook/main';

const root = join(import.meta.dirname, '..', '..');
const uiComponents = join(root, 'packages', 'ui', 'src', 'components');

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? storyFiles(join(dir, entry.name))
      : entry.name.endsWith('.stories.tsx')
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * A story file's default export as Storybook reads it (its CSF parser, the one the indexer uses): the component it
 * documents and its tags, however the meta is written (a const, an inline object, satisfies or not).
 */
function metaOf(file: string) {
  const csf = loadCsf(readFileSync(file, 'utf8'), {
    fileName: file,
    makeTitle: (title) => title,
  }).parse();
  return csf.meta ?? {};
}

describe('Storybook for designers', () => {
  const files = storyFiles(uiComponents);

  it('finds the design system components', () => {
    expect(files.length).toBeGreaterThan(25);
  });

  it.each(files.map((file) => [relative(root, file), file]))(
    '%s documents its component on a Docs page with its props',
    (_, file) => {
      const meta = metaOf(file);
      expect(meta.component, 'the meta names the component it documents').toBeTruthy();
      expect(meta.tags ?? []).toContain('autodocs');
    },
  );

  const overviews = readdirSync(join(import.meta.dirname, 'src', 'screens')).map((file) =>
    readFileSync(join(import.meta.dirname, 'src', 'screens', file), 'utf8'),
  );
  it.each([
    'Sign-in',
    'Onboarding',
    'Dashboard',
    'Inbox',
    'Campaigns',
    'Prospect',
    'Integrations',
    'AI wizard',
  ])('the %s screen opens on an Overview of its states', (screen) => {
    const page = overviews.find((source) =>
      source.includes(`<Meta title="Screens/${screen}/Overview" />`),
    );
    expect(page, `src/screens has a page titled Screens/${screen}/Overview`).toBeDefined();
    expect(page?.match(/<ScreenState of=/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
  });

  it("hides Storybook's onboarding checklist and guide", () => {
    expect(config.features).toMatchObject({
      sidebarOnboardingChecklist: false,
      menuOnboardingChecklist: false,
    });
  });
});

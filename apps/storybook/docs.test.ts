import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/** The default export's object literal (`const meta = { … }`), where Storybook reads component and tags. */
function metaOf(source: string): string {
  const start = source.indexOf('const meta = {');
  const end = source.indexOf('\n}', start);
  return start === -1 || end === -1 ? '' : source.slice(start, end);
}

describe('Storybook for designers', () => {
  const files = storyFiles(uiComponents).filter((file) =>
    /^\s{2}component: /m.test(metaOf(readFileSync(file, 'utf8'))),
  );

  it('finds the design system components', () => {
    expect(files.length).toBeGreaterThan(25);
  });

  it.each(files.map((file) => [relative(root, file), file]))(
    '%s has a Docs page with its props',
    (_, file) => {
      const meta = metaOf(readFileSync(file, 'utf8'));
      expect(meta).toMatch(/^\s{2}tags: \[[^\]]*'autodocs'/m);
    },
  );

  it("hides Storybook's onboarding checklist and guide", () => {
    expect(config.features).toMatchObject({
      sidebarOnboardingChecklist: false,
      menuOnboardingChecklist: false,
    });
  });
});

/**
 * `pnpm visual:accept <story-id…>`: takes the new pictures of the chosen stories, from the last run of the stories
 * suite, as their baselines. Only the stories named: a reviewer accepts what they looked at in the review page
 * (visual-report/index.html), never every change at once.
 */
import { copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The newest `<id>-actual.png` under the suite's output directory (a retry writes a second one), or null. */
export function newPictureOf(outputDir: string, id: string): string | null {
  if (!existsSync(outputDir)) return null;
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name === `${id}-actual.png`) found.push(path);
    }
  };
  visit(outputDir);
  return found.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0] ?? null;
}

function main(ids: string[]) {
  if (ids.length === 0) {
    console.error(
      'Name the stories whose new pictures you accept: pnpm visual:accept <story-id…> (the ids the review page shows).',
    );
    return 1;
  }
  let missing = 0;
  for (const raw of ids) {
    const id = raw.replace(/\.png$/, '');
    const picture = newPictureOf(join(root, '.visual-diff'), id);
    if (!picture) {
      console.error(`${id}: no new picture; run the stories suite (pnpm test:visual) first.`);
      missing += 1;
      continue;
    }
    copyFileSync(picture, join(root, 'e2e', 'visual', 'baselines', `${id}.png`));
    console.log(`${id}: accepted as e2e/visual/baselines/${id}.png`);
  }
  return missing > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));

/**
 * `pnpm visual:accept <story-id…>`: takes the new pictures of the chosen stories, from the last run of the stories
 * suite, as their baselines. Only the stories named: a reviewer accepts what they looked at in the review page
 * (visual-report/index.html), never every change at once.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Where the stories suite leaves each failed comparison's new picture under its story's id (`<id>.png`), inside its
 * output directory (.visual-diff/, emptied at the start of every run).
 */
export const newPicturesDir = join(root, '.visual-diff', 'new-pictures');

/** The new picture of a story from the last run, or null when it has none. */
export function newPictureOf(dir: string, id: string): string | null {
  const path = join(dir, `${id.replace(/\.png$/, '')}.png`);
  return existsSync(path) ? path : null;
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
    const picture = newPictureOf(newPicturesDir, id);
    if (!picture) {
      console.error(
        `${id}: no new picture in the last run of the stories suite (pnpm test:visual).`,
      );
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

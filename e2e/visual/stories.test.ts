import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newPictureOf } from './accept';
import { reviewGroup, screenshotName, storyEntries } from './stories';

test('keeps stories, drops docs pages and stories out of the tests, in a stable order', () => {
  const entries = storyEntries({
    entries: {
      'b--two': { id: 'b--two', title: 'B', name: 'Two', type: 'story', tags: ['test'] },
      'a--docs': { id: 'a--docs', title: 'A', name: 'Docs', type: 'docs', tags: ['test'] },
      'a--one': { id: 'a--one', title: 'A', name: 'One', type: 'story', tags: ['dev', 'test'] },
      'c--out': { id: 'c--out', title: 'C', name: 'Out', type: 'story', tags: ['dev'] },
    },
  });
  assert.deepEqual(
    entries.map((entry) => entry.id),
    ['a--one', 'b--two'],
  );
});

test('plays a no-visual story without comparing its screenshot', () => {
  const [entry] = storyEntries({
    entries: {
      'c--skip': {
        id: 'c--skip',
        title: 'C',
        name: 'Skip',
        type: 'story',
        tags: ['test', 'no-visual'],
      },
    },
  });
  assert.deepEqual(entry, { id: 'c--skip', title: 'C', name: 'Skip', visual: false });
});

test('an empty index gives no stories', () => {
  assert.deepEqual(storyEntries({}), []);
});

test('names each baseline after the story id', () => {
  assert.equal(screenshotName({ id: 'ui-button--primary' }), 'ui-button--primary.png');
});

test('groups page stories by screen and the others by component', () => {
  assert.equal(reviewGroup({ title: 'Screens/Inbox/Page' }), 'Screens/Inbox');
  assert.equal(
    reviewGroup({ title: 'Screens/Integrations/Add an email account' }),
    'Screens/Integrations',
  );
  assert.equal(reviewGroup({ title: 'Components/Button' }), 'Components/Button');
});

test('accepting a story takes the new picture of that story only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'visual-accept-'));
  try {
    writeFileSync(join(dir, 'a--one.png'), 'new');
    assert.equal(newPictureOf(dir, 'a--one'), join(dir, 'a--one.png'));
    assert.equal(newPictureOf(dir, 'a--one.png'), join(dir, 'a--one.png'));
    assert.equal(newPictureOf(dir, 'a--on'), null);
    assert.equal(newPictureOf(join(dir, 'absent'), 'a--one'), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshotName, storyEntries } from './stories';

test('keeps stories, drops docs pages and no-visual stories, in a stable order', () => {
  const entries = storyEntries({
    entries: {
      'b--two': { id: 'b--two', title: 'B', name: 'Two', type: 'story' },
      'a--docs': { id: 'a--docs', title: 'A', name: 'Docs', type: 'docs' },
      'a--one': { id: 'a--one', title: 'A', name: 'One', type: 'story', tags: ['dev'] },
      'c--skip': { id: 'c--skip', title: 'C', name: 'Skip', type: 'story', tags: ['no-visual'] },
    },
  });
  assert.deepEqual(
    entries.map((entry) => entry.id),
    ['a--one', 'b--two'],
  );
});

test('an empty index gives no stories', () => {
  assert.deepEqual(storyEntries({}), []);
});

test('names each baseline after the story id', () => {
  assert.equal(
    screenshotName({ id: 'ui-button--primary', title: 'UI/Button', name: 'Primary' }),
    'ui-button--primary.png',
  );
});

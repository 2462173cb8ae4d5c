/** Reads Storybook's index.json and names each story's baseline file. Unit-tested in stories.test.ts. */
export interface StoryEntry {
  id: string;
  title: string;
  name: string;
}

interface IndexJson {
  entries?: Record<
    string,
    { id: string; title: string; name: string; type: string; tags?: string[] }
  >;
}

/** Stories only (no docs pages), minus those tagged `no-visual`, in a stable order. */
export function storyEntries(index: IndexJson): StoryEntry[] {
  return Object.values(index.entries ?? {})
    .filter((entry) => entry.type === 'story' && !(entry.tags ?? []).includes('no-visual'))
    .map(({ id, title, name }) => ({ id, title, name }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** One PNG per story id: ids are unique and file-system safe. */
export function screenshotName(story: StoryEntry): string {
  return `${story.id}.png`;
}

/** Reads Storybook's index.json: which stories the visual suite plays, which it screenshots, and how they group. Unit-tested in stories.test.ts. */
export interface StoryEntry {
  id: string;
  title: string;
  name: string;
  /** False for a story tagged `no-visual`: its play and accessibility check run, no screenshot is compared. */
  visual: boolean;
}

interface IndexJson {
  entries?: Record<
    string,
    { id: string; title: string; name: string; type: string; tags?: string[] }
  >;
}

/**
 * Every story (no docs pages) that the story tests would run (Storybook's `test` tag, which every story has unless it
 * opts out with `!test`), in a stable order.
 */
export function storyEntries(index: IndexJson): StoryEntry[] {
  return Object.values(index.entries ?? {})
    .filter((entry) => entry.type === 'story' && (entry.tags ?? ['test']).includes('test'))
    .map(({ id, title, name, tags }) => ({
      id,
      title,
      name,
      visual: !(tags ?? []).includes('no-visual'),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** One PNG per story id: ids are unique and file-system safe. */
export function screenshotName(story: Pick<StoryEntry, 'id'>): string {
  return `${story.id}.png`;
}

/**
 * The group a story is reviewed in: its screen for page stories (`Screens/Inbox/Page` → `Screens/Inbox`), its
 * component otherwise (`Components/Button`).
 */
export function reviewGroup(story: Pick<StoryEntry, 'title'>): string {
  return story.title.split('/').slice(0, 2).join('/');
}

/**
 * Cache of large pre-serialized lists (dashboard, campaign prospects) for the
 * embedded mode, where this process is the only writer of the database (a PGlite
 * directory is opened by one process). Every mutating API request bumps the
 * write generation when it starts and when it ends; an entry is served only
 * while the generation it was computed under is still current, and stored only
 * if no write started meanwhile.
 */
export class ListCache {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; text: string }>();

  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = 64,
  ) {}

  bump(): void {
    this.generation += 1;
    this.entries.clear();
  }

  async get(key: string, compute: () => Promise<string>): Promise<string> {
    if (!this.enabled) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation) return hit.text;
    const started = this.generation;
    const text = await compute();
    if (this.generation === started) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { generation: started, text });
    }
    return text;
  }
}

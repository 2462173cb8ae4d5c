import type { Tag } from '@prospecta/api-client';

/** A tag label as the server stores it: trimmed, inner whitespace collapsed (contract: 1 to 64 characters). */
export function normaliseTagLabel(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/**
 * Suggestions for the tag input: the owner's tags not yet on the prospect whose label contains
 * the typed text (case-insensitive), those starting with it first, then alphabetical; at most `limit`.
 */
export function tagSuggestions(
  all: readonly Tag[],
  attached: readonly Tag[],
  typed: string,
  limit = 8,
): Tag[] {
  const onProspect = new Set(attached.map((tag) => tag.id));
  const query = normaliseTagLabel(typed).toLocaleLowerCase();
  return all
    .filter((tag) => !onProspect.has(tag.id) && tag.label.toLocaleLowerCase().includes(query))
    .sort((a, b) => {
      const aStarts = a.label.toLocaleLowerCase().startsWith(query) ? 0 : 1;
      const bStarts = b.label.toLocaleLowerCase().startsWith(query) ? 0 : 1;
      return aStarts - bStarts || a.label.localeCompare(b.label);
    })
    .slice(0, limit);
}

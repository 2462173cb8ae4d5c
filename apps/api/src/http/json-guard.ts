/** Deeper JSON documents than this are refused (no operation of the contract nests beyond a handful of levels). */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type JsonProblem = 'depth' | 'nul' | 'surrogate';

function textProblem(text: string): JsonProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/**
 * Walks a parsed JSON value without recursion (so no input can overflow the stack) and reports the
 * first thing PostgreSQL text or the validators cannot take: nesting deeper than MAX_JSON_DEPTH,
 * a NUL character, or a lone UTF-16 surrogate (not valid UTF-8), in a key or a string.
 */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return problem;
    } else if (current !== null && typeof current === 'object') {
      if (depth >= maxDepth) return 'depth';
      if (Array.isArray(current)) {
        for (const item of current) stack.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(current)) {
          const problem = textProblem(key);
          if (problem) return problem;
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return null;
}

export const JSON_PROBLEM_MESSAGES: Record<JsonProblem, string> = {
  depth: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
  nul: 'Text values must not contain NUL characters.',
  surrogate: 'Text values must be valid Unicode (a lone surrogate was found).',
};

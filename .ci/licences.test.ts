import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module script of the CI, without type declarations
import { classify, problems } from './licences.mjs';

describe('licence classifier', () => {
  it('accepts permissive licences', () => {
    for (const id of [
      'MIT',
      'ISC',
      'Apache-2.0',
      'BSD-3-Clause',
      '0BSD',
      'BlueOak-1.0.0',
      'MIT/X11',
      'OFL-1.1',
    ]) {
      expect(classify(id), id).toBe('permissive');
    }
  });

  it('refuses copyleft licences, whatever the version suffix', () => {
    for (const id of [
      'AGPL-3.0-or-later',
      'AGPL-3.0-only',
      'GPL-2.0',
      'GPL-3.0+',
      'LGPL-2.1-or-later',
      'MPL-2.0',
      'EUPL-1.2',
      'SSPL-1.0',
      'CC-BY-SA-4.0',
    ]) {
      expect(classify(id), id).toBe('copyleft');
    }
  });

  it('reads SPDX expressions: one permissive alternative is enough, every part of a conjunction must be', () => {
    expect(classify('(MIT OR GPL-3.0-or-later)')).toBe('permissive');
    expect(classify('(MIT AND Zlib)')).toBe('permissive');
    expect(classify('(MIT AND GPL-3.0-only)')).toBe('copyleft');
    expect(classify('(GPL-2.0-only OR AGPL-3.0-only)')).toBe('copyleft');
    expect(classify('Apache-2.0 WITH LLVM-exception')).toBe('permissive');
  });

  it('does not guess: a missing or unknown licence is not accepted', () => {
    expect(classify('Unknown')).toBe('unknown');
    expect(classify('')).toBe('unknown');
    expect(classify('SEE LICENSE IN LICENSE.md')).toBe('unknown');
    expect(classify('Commercial-Only')).toBe('unknown');
  });

  it('names each package that cannot ship, and honours hand-reviewed entries', () => {
    const report = {
      MIT: [{ name: 'react', versions: ['19.3.1'], license: 'MIT' }],
      'AGPL-3.0-or-later': [
        { name: 'ua-parser-js', versions: ['2.0.10'], license: 'AGPL-3.0-or-later' },
      ],
      Unknown: [{ name: 'buffers', versions: ['0.1.1'], license: 'Unknown' }],
    };
    expect(problems(report, {})).toEqual([
      'buffers@0.1.1: Unknown — licence not recognised (review it, then list it in REVIEWED)',
      'ua-parser-js@2.0.10: AGPL-3.0-or-later — copyleft licence',
    ]);
    expect(problems(report, { 'buffers@0.1.1': 'MIT' })).toEqual([
      'ua-parser-js@2.0.10: AGPL-3.0-or-later — copyleft licence',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatFileSize, matchesAccept, validateFiles } from './validate';

const rules = { maxBytes: 15 * 1024 * 1024, accept: ['image/*', 'application/pdf'] };

function file(name: string, type: string, size: number): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('matchesAccept', () => {
  it('matches wildcards, exact MIME types and extensions', () => {
    expect(matchesAccept(file('a.png', 'image/png', 1), ['image/*'])).toBe(true);
    expect(matchesAccept(file('a.pdf', 'application/pdf', 1), ['image/*', 'application/pdf'])).toBe(
      true,
    );
    expect(matchesAccept(file('a.PDF', '', 1), ['.pdf'])).toBe(true);
    expect(
      matchesAccept(
        file(
          'a.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          1,
        ),
        ['image/*', 'application/pdf'],
      ),
    ).toBe(false);
  });
  it('accepts everything with no pattern', () => {
    expect(matchesAccept(file('a.bin', 'application/octet-stream', 1), [])).toBe(true);
  });
});

describe('validateFiles', () => {
  it('accepts images and PDFs up to 15 MB each, several at once', () => {
    const files = [
      file('a.jpg', 'image/jpeg', 1000),
      file('b.pdf', 'application/pdf', rules.maxBytes),
    ];
    const { accepted, rejected } = validateFiles(files, rules);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.pdf']);
    expect(rejected).toEqual([]);
  });
  it('rejects files over 15 MB with the size reason', () => {
    const big = file('big.pdf', 'application/pdf', rules.maxBytes + 1);
    const { accepted, rejected } = validateFiles([big, file('ok.png', 'image/png', 10)], rules);
    expect(accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(rejected).toEqual([{ file: big, reason: 'size' }]);
  });
  it('rejects other types with the type reason, even when small', () => {
    const doc = file('notes.txt', 'text/plain', 10);
    expect(validateFiles([doc], rules).rejected).toEqual([{ file: doc, reason: 'type' }]);
  });
  it('honours custom rules', () => {
    const { rejected } = validateFiles([file('a.png', 'image/png', 2048)], {
      maxBytes: 1024,
      accept: ['image/png'],
    });
    expect(rejected[0]?.reason).toBe('size');
  });
});

describe('formatFileSize', () => {
  it('uses binary units and the locale', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(15 * 1024 * 1024, 'en')).toBe('15 MB');
    expect(formatFileSize(1536, 'fr')).toBe('1,5 KB');
  });
});

import { describe, expect, it } from 'vitest';
import {
  IMPORT_FIELDS,
  IMPORT_HEADER_SYNONYMS,
  automaticMapping,
  fieldOfHeader,
  importRow,
  importTags,
  importTitle,
  isLinkedinUrl,
  isValidImportEmail,
  mappingProblem,
  neutraliseFormula,
  normaliseHeader,
} from './imports';

describe('automatic mapping', () => {
  it('recognises French and English headers, accents, case and punctuation aside', () => {
    expect(
      automaticMapping([
        'Prénom',
        'Nom',
        'E-mail',
        'Société',
        'Poste',
        'Téléphone',
        'LinkedIn',
        'Civilité',
        'Ligne directe',
        'Site web',
        'Adresse',
        'Référence',
        'Étiquettes',
      ]),
    ).toEqual([
      'first_name',
      'last_name',
      'email',
      'company_name',
      'position',
      'phone',
      'linkedin',
      'title',
      'direct_line',
      'company_website',
      'company_address',
      'reference',
      'tags',
    ]);
    expect(
      automaticMapping(['First Name', 'Last name', 'Email Address', 'Company', 'Job Title']),
    ).toEqual(['first_name', 'last_name', 'email', 'company_name', 'position']);
  });

  it('maps a field once (the first column), tags on every tags column, unknown headers to nothing', () => {
    expect(automaticMapping(['Email', 'Mail', 'Tags', 'Segment', 'Notes'])).toEqual([
      'email',
      null,
      'tags',
      'tags',
      null,
    ]);
  });

  it('lists every synonym once, already normalised', () => {
    const all = IMPORT_FIELDS.flatMap((f) => IMPORT_HEADER_SYNONYMS[f]);
    expect(new Set(all).size).toBe(all.length);
    for (const header of all) expect(normaliseHeader(header)).toBe(header);
    expect(fieldOfHeader('  COURRIEL ')).toBe('email');
  });
});

describe('mapping problems', () => {
  it('needs one entry per column, each field once but tags, and the e-mail', () => {
    expect(mappingProblem(['email', null], 3)).toEqual({ code: 'wrong_length', expected: 3 });
    expect(mappingProblem(['email', 'email'], 2)).toEqual({ code: 'field_twice', field: 'email' });
    expect(mappingProblem(['first_name', 'tags'], 2)).toEqual({
      code: 'required_missing',
      field: 'email',
    });
    expect(mappingProblem(['email', 'tags', 'tags'], 3)).toBeNull();
  });
});

describe('row checks', () => {
  it('checks e-mail syntax', () => {
    for (const ok of ['a@b.fr', 'jean.dupont+x@mail.example.com', "o'neil@example.co.uk"])
      expect(isValidImportEmail(ok), ok).toBe(true);
    for (const bad of [
      'a@b',
      'a b@c.fr',
      '@c.fr',
      'a@@c.fr',
      'a@c..fr',
      '.a@c.fr',
      'a@-c.fr',
      'a@c.f',
      `${'x'.repeat(65)}@c.fr`,
    ])
      expect(isValidImportEmail(bad), bad).toBe(false);
  });

  it('stores a row trimmed, the e-mail in lower case, the title and tags read', () => {
    const row = importRow(
      ['  Mme ', 'Élise', ' Durand\n', ' Elise.Durand@Example.FR ', 'VIP, Paris;vip | ', '=1+1'],
      ['title', 'first_name', 'last_name', 'email', 'tags', 'company_name'],
    );
    expect(row).toEqual({
      prospect: {
        title: 'miss',
        first_name: 'Élise',
        last_name: 'Durand',
        email: 'elise.durand@example.fr',
        phone: null,
        direct_line: null,
        linkedin: null,
        reference: null,
        position: null,
        // A formula is text: kept as written, never evaluated.
        company_name: '=1+1',
        company_website: null,
        company_address: null,
        tags: ['VIP', 'Paris'],
      },
      reason: null,
    });
  });

  it('refuses a row for the first reason of its own', () => {
    const mapping = ['email', 'linkedin', 'position'] as const;
    expect(importRow(['', '', ''], [...mapping]).reason).toBe('missing_email');
    expect(importRow(['nope', '', ''], [...mapping]).reason).toBe('invalid_email');
    expect(importRow(['a@b.fr', 'twitter.com/x', ''], [...mapping]).reason).toBe(
      'invalid_linkedin',
    );
    expect(importRow(['a@b.fr', '', 'x'.repeat(1001)], [...mapping]).reason).toBe('value_too_long');
    expect(
      importRow(['a@b.fr', 'https://fr.linkedin.com/in/x', 'x'.repeat(1000)], [...mapping]).reason,
    ).toBeNull();
  });

  it('reads titles, tags and LinkedIn addresses', () => {
    expect(['M.', 'Mr', 'monsieur'].map(importTitle)).toEqual(['mister', 'mister', 'mister']);
    expect(['Mrs', 'Madame', 'Mlle'].map(importTitle)).toEqual(['miss', 'miss', 'miss']);
    expect(importTitle('Dr')).toBe('undefined');
    expect(importTags(' a ,, b ; A | c ')).toEqual(['a', 'b', 'c']);
    expect(isLinkedinUrl('linkedin.com/in/x')).toBe(true);
    expect(isLinkedinUrl('https://evil.com/linkedin.com')).toBe(false);
  });

  it('neutralises formulas in a CSV report', () => {
    expect(['=1+1', '+33 6', '-x', '@SUM(A1)', 'plain'].map(neutraliseFormula)).toEqual([
      "'=1+1",
      "'+33 6",
      "'-x",
      "'@SUM(A1)",
      'plain',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CampaignProblem, SequenceStepInput } from './contract';
import { problem } from './campaign-errors';
import {
  editedSequenceProblems,
  editStep,
  gapCounts,
  insertText,
  isLandingPageUrl,
  landingPageErrors,
  landingPageKeyFrom,
  linkTag,
  moveItem,
  newLandingPage,
  newSequenceStep,
  problemsOfStep,
  sampleValues,
} from './campaign-editing';
import { draftSequence, briefFromOnboarding } from './campaign-draft';
import { stepProblems } from './campaign-sequence';

const sample = (
  over: Partial<Record<'first_name' | 'last_name' | 'company' | 'position', string>> = {},
) => ({
  first_name: 'Léa',
  last_name: 'Moreau',
  company: 'Atelier Moreau',
  position: 'CEO',
  ...over,
});

describe('new steps', () => {
  it('starts the sequence at once, then follows up 3 days later on no reply', () => {
    const first = newSequenceStep('email', [], 'en');
    expect(first).toMatchObject({
      name: 'Email 1',
      delay_days: 0,
      condition: 'none',
      draft_template: false,
    });
    const next = newSequenceStep('email', [first], 'fr');
    expect(next).toMatchObject({ name: 'E-mail 2', delay_days: 3, condition: 'no_reply' });
  });

  it('gives a new e-mail the unsubscribe tag, so only its text is missing', () => {
    const step = newSequenceStep('email', [], 'en');
    expect(
      stepProblems(step, 1, true, { language: 'en', landingPages: [], missing: {} }).map(
        (p) => p.code,
      ),
    ).toEqual(['subject_missing']);
  });

  it('names LinkedIn steps as the campaigns list shows them', () => {
    expect(newSequenceStep('linkedin_invitation', [], 'fr').name).toBe('n/a');
    expect(newSequenceStep('linkedin_message', [{ type: 'linkedin_message' }], 'fr').name).toBe(
      'Message LinkedIn 2',
    );
    expect(newSequenceStep('linkedin_message', [], 'en').body).toBe('');
  });
});

describe('editing a step', () => {
  it('ends the draft label on any edit and keeps the id', () => {
    const [drafted] = draftSequence(briefFromOnboarding(null), 'en') as [SequenceStepInput];
    const edited = editStep({ ...drafted, id: 7 }, { delay_days: 2 });
    expect(edited).toMatchObject({
      id: 7,
      delay_days: 2,
      draft_template: false,
      body: drafted.body,
    });
  });
});

describe('moveItem', () => {
  it('moves an item up and down, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem([], 0, 1)).toEqual([]);
  });
});

describe('checks while editing', () => {
  const steps = [
    {
      type: 'email' as const,
      subject: 'Hello {{company}}',
      body: 'Hi {{first_name}}. {{unsubscribe}}',
    },
    { type: 'linkedin_invitation' as const, subject: '', body: 'x'.repeat(301) },
  ];

  it('counts a gap with the server’s figure when it has one, else among the samples', () => {
    const server: CampaignProblem[] = [
      problem('variable_gap', { step: 3, field: 'body', variable: 'first_name', count: 42 }),
      problem('name_missing', { field: 'name' }),
    ];
    const problems = editedSequenceProblems(steps, {
      language: 'en',
      landingPages: [],
      serverProblems: server,
      samples: [sample({ company: '' }), sample({ first_name: ' ' }), sample()],
    });
    expect(problems.filter((p) => p.code === 'variable_gap')).toEqual([
      expect.objectContaining({ step: 1, variable: 'company', count: 1, field: 'subject' }),
      expect.objectContaining({ step: 1, variable: 'first_name', count: 42, field: 'body' }),
    ]);
    expect(problemsOfStep(problems, 2).map((p) => p.code)).toEqual(['note_too_long']);
    // Settings and landing-page problems belong to their own builder steps.
    expect(problems.some((p) => p.section !== 'messaging-strategy')).toBe(false);
  });

  it('reads no gap when nobody lacks the variable', () => {
    const problems = editedSequenceProblems(steps.slice(0, 1), {
      language: 'en',
      landingPages: [{ key: 'demo' }],
      serverProblems: [],
      samples: [sample()],
    });
    expect(problems).toEqual([]);
  });

  it('keeps the largest server count of a variable', () => {
    expect(
      gapCounts([
        problem('variable_gap', { step: 1, variable: 'company', count: 3 }),
        problem('variable_gap', { step: 2, variable: 'company', count: 5 }),
        problem('variable_gap', { step: 2, variable: 'nickname', count: 5 }),
      ]),
    ).toEqual({ company: 5 });
  });

  it('reads a sample prospect’s company as the company variable', () => {
    expect(sampleValues(sample())).toEqual({
      first_name: 'Léa',
      last_name: 'Moreau',
      company: 'Atelier Moreau',
      position: 'CEO',
    });
  });
});

describe('link tags', () => {
  it('writes the page’s key and a label without the tag’s own characters', () => {
    expect(linkTag({ key: 'demo', name: 'Online demo' })).toBe('{{link:demo|Online demo}}');
    expect(linkTag({ key: 'demo', name: 'x' }, 'See {it} | now')).toBe('{{link:demo|See it now}}');
    expect(linkTag({ key: 'demo', name: '' })).toBe('{{link:demo}}');
  });

  it('inserts text at the selection and puts the caret after it', () => {
    expect(insertText('Hello world', 6, 11, 'there')).toEqual({ text: 'Hello there', caret: 11 });
    expect(insertText('ab', 5, 9, 'c')).toEqual({ text: 'abc', caret: 3 });
  });
});

describe('landing pages', () => {
  it('takes http and https addresses only', () => {
    expect(isLandingPageUrl('https://example.com/demo?x=1')).toBe(true);
    expect(isLandingPageUrl('http://example.com')).toBe(true);
    expect(isLandingPageUrl('ftp://example.com')).toBe(false);
    expect(isLandingPageUrl('example.com')).toBe(false);
    expect(isLandingPageUrl('https://exa mple.com')).toBe(false);
    expect(isLandingPageUrl('https://')).toBe(false);
  });

  it('makes a key from a name, unique among the others', () => {
    expect(landingPageKeyFrom('Démonstration en ligne !', [])).toBe('demonstration-en-ligne');
    expect(landingPageKeyFrom('Demo', ['demo', 'demo-2'])).toBe('demo-3');
    expect(landingPageKeyFrom('***', [])).toBe('page');
    expect(landingPageKeyFrom('a'.repeat(60), ['a'.repeat(40)])).toBe(`${'a'.repeat(38)}-2`);
    expect(newLandingPage([{ key: 'page' }]).key).toBe('page-2');
  });

  it('names each field’s error', () => {
    const ok = { key: 'demo', name: 'Demo', url: 'https://example.com' };
    expect(landingPageErrors([ok], 0)).toEqual({});
    expect(landingPageErrors([{ key: '', name: ' ', url: '' }], 0)).toEqual({
      name: 'name_missing',
      url: 'url_missing',
      key: 'key_missing',
    });
    expect(landingPageErrors([{ ...ok, key: 'Demo!', url: 'www.example.com' }], 0)).toEqual({
      url: 'url_invalid',
      key: 'key_invalid',
    });
    expect(landingPageErrors([ok, { ...ok }], 1)).toEqual({ key: 'key_duplicate' });
    expect(landingPageErrors([ok], 3)).toEqual({});
  });
});

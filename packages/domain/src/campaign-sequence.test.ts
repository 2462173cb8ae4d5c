import { describe, expect, it } from 'vitest';
import type { SequenceStepInput } from './contract';
import {
  linksCount,
  noteLength,
  sequenceProblems,
  spamWordsIn,
  stepProblems,
} from './campaign-sequence';

const email = (
  subject: string,
  body: string,
): Pick<SequenceStepInput, 'type' | 'subject' | 'body'> => ({
  type: 'email',
  subject,
  body,
});
const context = { language: 'en' as const, landingPages: [{ key: 'demo' }], missing: {} };
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('sequence checks', () => {
  it('passes a well-formed e-mail step', () => {
    expect(
      stepProblems(
        email('Hello', 'Hi {{first_name|there}}, {{link:demo|see}}. {{unsubscribe}}'),
        1,
        true,
        context,
      ),
    ).toEqual([]);
  });

  it('wants a subject on the first e-mail only: a follow-up without one replies in the thread', () => {
    expect(codes(stepProblems(email('', 'Hi {{unsubscribe}}'), 1, true, context))).toEqual([
      'subject_missing',
    ]);
    expect(stepProblems(email('', 'Hi {{unsubscribe}}'), 2, false, context)).toEqual([]);
  });

  it('flags a long subject, too many links, spam words and a missing unsubscribe sentence', () => {
    const problems = stepProblems(
      email(
        'x'.repeat(61),
        'Click here for FREE: https://a.example https://b.example {{link:demo}} {{link:demo}}',
      ),
      2,
      false,
      context,
    );
    expect(problems).toEqual([
      {
        code: 'subject_too_long',
        severity: 'warning',
        section: 'messaging-strategy',
        step: 2,
        field: 'subject',
        limit: 60,
      },
      {
        code: 'too_many_links',
        severity: 'warning',
        section: 'messaging-strategy',
        step: 2,
        field: 'body',
        limit: 3,
      },
      {
        code: 'spam_words',
        severity: 'warning',
        section: 'messaging-strategy',
        step: 2,
        words: ['click here', 'free'],
      },
      {
        code: 'unsubscribe_missing',
        severity: 'blocking',
        section: 'messaging-strategy',
        step: 2,
        field: 'body',
      },
    ]);
    expect(spamWordsIn('Offre GRATUITE ? Non : gratuit.', 'fr')).toEqual(['gratuit']);
    expect(spamWordsIn('freedom', 'en')).toEqual([]);
    expect(linksCount('{{link:a}} http://x.example {{unsubscribe}}')).toBe(2);
  });

  it('names unknown variables and landing pages, malformed tags, and variable gaps with their counts', () => {
    const problems = stepProblems(
      email(
        'For {{company}}',
        'Hi {{nickname}} {{first_name}} {{link:nowhere}} {{position|you}} {{oops {{unsubscribe}}',
      ),
      1,
      true,
      { ...context, missing: { company: 12, first_name: 3, position: 40 } },
    );
    expect(problems.filter((p) => p.severity === 'blocking')).toEqual([
      expect.objectContaining({ code: 'template_malformed', field: 'body' }),
      expect.objectContaining({ code: 'unknown_variable', field: 'body', variable: 'nickname' }),
      expect.objectContaining({ code: 'unknown_landing_page', field: 'body', variable: 'nowhere' }),
      expect.objectContaining({
        code: 'variable_gap',
        field: 'subject',
        variable: 'company',
        count: 12,
      }),
      expect.objectContaining({
        code: 'variable_gap',
        field: 'body',
        variable: 'first_name',
        count: 3,
      }),
    ]);
  });

  it('holds an invitation note to 300 characters once filled, and lets it be empty', () => {
    const invitation = (body: string) => ({
      type: 'linkedin_invitation' as const,
      subject: '',
      body,
    });
    expect(noteLength('Hi {{first_name}}!')).toBe(4 + 20);
    expect(noteLength('Hi {{company|a very long company name indeed}}')).toBe(3 + 31);
    expect(
      stepProblems(invitation('x'.repeat(280) + '{{first_name|y}}'), 1, false, context),
    ).toEqual([]);
    expect(
      codes(stepProblems(invitation('x'.repeat(281) + '{{first_name|y}}'), 1, false, context)),
    ).toEqual(['note_too_long']);
    expect(stepProblems(invitation(''), 1, false, context)).toEqual([]);
    expect(
      codes(stepProblems({ type: 'linkedin_message', subject: '', body: ' ' }, 1, false, context)),
    ).toEqual(['body_missing']);
  });

  it('wants at least one step, and points at the landing pages no step links to', () => {
    expect(codes(sequenceProblems([], context))).toEqual(['no_steps']);
    expect(
      sequenceProblems([email('Hi', 'Hi {{unsubscribe}}')], {
        ...context,
        landingPages: [{ key: 'demo' }],
      }),
    ).toEqual([
      {
        code: 'landing_page_unused',
        severity: 'warning',
        section: 'landing-pages',
        field: 'landing_pages',
        variable: 'demo',
      },
    ]);
  });
});

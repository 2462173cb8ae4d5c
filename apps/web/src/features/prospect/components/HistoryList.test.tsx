import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { HistoryEntry } from '@prospecta/api-client';
import { TestApp } from '../../../testing/decorators';
import { HistoryList } from './HistoryList';

/** What the server stores as the content of a status change (its own English text). */
const SERVER_TEXT = 'Status changed from Ongoing to Opportunity to engage.';

const history: HistoryEntry[] = [
  {
    id: 7,
    type: 'status_change',
    event_date: '2026-03-02T09:30:00Z',
    content: SERVER_TEXT,
    from: 'ongoing',
    to: 'nurture',
  },
];

describe('HistoryList, a status change', () => {
  it.each([
    ['en', 'The status changed from “Ongoing” to “Opportunity to engage”.'],
    [
      'fr',
      'Le statut est passé de «\u00a0En cours\u00a0» à «\u00a0Opportunité à travailler\u00a0».',
    ],
  ] as const)('says it once, in the app’s sentence (%s)', (locale, sentence) => {
    render(
      <TestApp locale={locale}>
        <HistoryList history={history} />
      </TestApp>,
    );
    const entry = screen.getByTestId('history-entry');
    expect(entry.querySelectorAll('p')).toHaveLength(1);
    expect(entry.querySelector('p')?.textContent).toBe(sentence);
    expect(entry.textContent).not.toContain(SERVER_TEXT);
  });
});

describe('HistoryList, the campaign engine’s bounce and unsubscribe', () => {
  const events: HistoryEntry[] = [
    {
      id: 9,
      type: 'event',
      event_date: '2026-03-03T09:30:00Z',
      content: 'Unsubscribed from campaign "Relance RH"',
      direction: null,
      event: { code: 'unsubscribed', step: null, campaign: 'Relance RH' },
    },
    {
      id: 8,
      type: 'event',
      event_date: '2026-03-02T09:30:00Z',
      content: 'Email 2 bounced',
      direction: null,
      event: { code: 'email_bounced', step: 2, campaign: 'Relance RH' },
    },
  ];
  it.each([
    [
      'en',
      [
        'Unsubscribed from the e-mails of the campaign “Relance RH”.',
        'E-mail 2 could not be delivered: the address refused it.',
      ],
    ],
    [
      'fr',
      [
        'Désinscription des e-mails de la campagne «\u00a0Relance RH\u00a0».',
        'L’e-mail 2 n’a pas pu être remis\u00a0: l’adresse l’a refusé.',
      ],
    ],
  ] as const)('writes them in the app’s sentences (%s)', (locale, sentences) => {
    render(
      <TestApp locale={locale}>
        <HistoryList history={events} />
      </TestApp>,
    );
    expect(
      screen.getAllByTestId('history-entry').map((entry) => entry.querySelector('p')?.textContent),
    ).toEqual(sentences);
  });
});

describe('HistoryList, a reply label changed by a user', () => {
  const change = (from: 'interested' | null, id: number): HistoryEntry => ({
    id,
    type: 'event',
    event_date: `2026-03-0${id}T09:30:00Z`,
    content: 'Label of answer 41 changed',
    direction: null,
    event: {
      code: 'reply_label_changed',
      step: null,
      campaign: null,
      label_change: { message_id: 41, from, to: 'auto_reply', by: 'Julien Moreau' },
    },
  });
  it.each([
    [
      'en',
      [
        'Julien Moreau changed the label of an answer from “Interested” to “Automatic reply”.',
        'Julien Moreau gave an answer the label “Automatic reply”.',
      ],
    ],
    [
      'fr',
      [
        'Julien Moreau a changé l’étiquette d’une réponse de «\u00a0Intéressé\u00a0» à «\u00a0Réponse automatique\u00a0».',
        'Julien Moreau a donné l’étiquette «\u00a0Réponse automatique\u00a0» à une réponse.',
      ],
    ],
  ] as const)('says who changed it, from what to what (%s)', (locale, sentences) => {
    render(
      <TestApp locale={locale}>
        <HistoryList history={[change('interested', 2), change(null, 1)]} />
      </TestApp>,
    );
    expect(
      screen.getAllByTestId('history-entry').map((entry) => entry.querySelector('p')?.textContent),
    ).toEqual(sentences);
  });
});

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

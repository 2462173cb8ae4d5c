import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createScenario, dashboardOf, toProspectSummary } from '@prospecta/api-client/fixtures';
import { mockOperation } from '@prospecta/api-client/msw';
import type { Prospect } from '@prospecta/api-client';
import { TestApp } from '../../testing/decorators';
import { createTestServer } from '../../testing/msw-node';
import { DashboardPage } from './DashboardPage';

/**
 * The dashboard with the prospect modal, in jsdom over the reads of the api-client's fixture scenario (each test
 * answers the change it makes): the list view (jsdom has no layout, so the virtualised columns render no card; the
 * table does).
 */
const scenario = createScenario();
const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderDashboard() {
  return render(
    <TestApp
      route={{ initialEntries: ['/users/2/dashboard'], path: 'users/:userId/dashboard' }}
      preferences={{ 'dashboard.view': '"list"' }}
    >
      <DashboardPage />
    </TestApp>,
  );
}

const customerProspect = (status: string) => {
  const prospect = scenario.prospects.find(
    (p) => p.user_id === 2 && p.prospecting_status === status,
  );
  if (!prospect) throw new Error(`the scenario has no ${status} prospect`);
  return prospect;
};

async function openFromTable(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Open the details of ${name}` }));
  return { user, dialog: await screen.findByRole('dialog', { name }) };
}

describe('DashboardPage with the prospect modal', { timeout: 30_000 }, () => {
  it('counts only the board prospects and sorts the list by first name by default', async () => {
    renderDashboard();
    // The table is there while loading too (its skeleton rows): wait for the prospects.
    await screen.findByTestId('dashboard-summary');
    const table = screen.getByRole('table', { name: 'Prospects of the dashboard' });
    const onBoard = scenario.prospects.filter(
      (p) =>
        p.user_id === 2 &&
        ['pending', 'ongoing', 'to_call', 'nurture', 'converted'].includes(p.prospecting_status),
    );
    expect(screen.getByTestId('dashboard-summary')).toHaveTextContent(
      `${onBoard.length} prospects on the dashboard.`,
    );
    const firstNames = within(table)
      .getAllByRole('button', { name: /^Open the details of / })
      .map((button) => button.textContent ?? '');
    const sorted = [...firstNames].sort(
      new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare,
    );
    expect(firstNames).toEqual(sorted);
  });

  it('a refused status change shows the new status at once, then puts every list back', async () => {
    const prospect = customerProspect('ongoing');
    const name = `${prospect.first_name} ${prospect.last_name}`;
    server.use(
      http.put('*/api/v1/prospects/:id/status', async () => {
        await delay(150);
        return HttpResponse.json({ detail: 'This transition is not allowed.' }, { status: 409 });
      }),
    );
    renderDashboard();
    const { user, dialog } = await openFromTable(name);
    // The open modal hides the page from assistive technology (aria-hidden): query it with hidden: true.
    const table = screen.getByRole('table', { name: 'Prospects of the dashboard', hidden: true });
    const rowButton = () =>
      within(table).queryByRole('button', { name: `Open the details of ${name}`, hidden: true });
    const row = () => rowButton()?.closest('tr') as HTMLElement;
    expect(row()).toHaveTextContent('Ongoing');

    await user.click(within(dialog).getByRole('button', { name: 'Lose' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }),
    );

    // Optimistic: the modal and the dashboard list show the new status while the call runs.
    await waitFor(() =>
      expect(within(dialog).getByTestId('prospect-status')).toHaveTextContent('Lost'),
    );
    await waitFor(() => expect(rowButton()).toBeNull());

    // Refused: both are back as they were, and the modal says so.
    await waitFor(() => expect(within(dialog).getByTestId('status-rollback')).toBeInTheDocument());
    expect(within(dialog).getByTestId('prospect-status')).toHaveTextContent('Ongoing');
    await waitFor(() => expect(row()).toHaveTextContent('Ongoing'));
  });

  it('a confirmed conversion is saved and the prospect stays converted in the list', async () => {
    const prospect = customerProspect('to_call');
    const name = `${prospect.first_name} ${prospect.last_name}`;
    // The server saves the change: its answer, and the reads after it, show the prospect converted.
    const saved: string[] = [];
    let now: Prospect = prospect;
    server.use(
      mockOperation('put', '/api/v1/prospects/{id}/status', async ({ json }) => {
        const status = (await json()).prospecting_status;
        saved.push(status);
        now = { ...prospect, prospecting_status: status };
        return { status: 200, body: now };
      }),
      mockOperation('get', '/api/v2/prospects/{id}', () => ({ status: 200, body: now })),
      mockOperation('get', '/api/v1/users/{id}/dashboard', () => ({
        status: 200,
        body: {
          prospects: dashboardOf(scenario, 2).prospects.map((p) =>
            p.id === now.id ? toProspectSummary(now) : p,
          ),
        },
      })),
    );
    renderDashboard();
    const { user, dialog } = await openFromTable(name);
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(saved).toEqual(['converted']));
    const table = screen.getByRole('table', { name: 'Prospects of the dashboard', hidden: true });
    await waitFor(() =>
      expect(
        within(table)
          .getByRole('button', { name: `Open the details of ${name}`, hidden: true })
          .closest('tr') as HTMLElement,
      ).toHaveTextContent('New opportunity'),
    );
    expect(within(dialog).queryByRole('button', { name: 'Nurture' })).toBeNull();
  });

  it('a comment whose save fails keeps the typed text, and a draft survives closing the modal', async () => {
    const prospect = customerProspect('to_call');
    const name = `${prospect.first_name} ${prospect.last_name}`;
    server.use(
      http.post('*/api/v1/prospects/:id/comment', () =>
        HttpResponse.json({ detail: 'Forbidden.' }, { status: 403 }),
      ),
    );
    renderDashboard();
    const { user, dialog } = await openFromTable(name);
    const box = within(dialog).getByRole('textbox', { name: 'New comment' });
    await user.type(box, 'À rappeler après le salon');
    await user.click(within(dialog).getByRole('button', { name: 'Add the comment' }));
    expect(await within(dialog).findByTestId('comment-save-error')).toHaveTextContent(
      'Your text has been kept',
    );
    expect(box).toHaveValue('À rappeler après le salon');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const reopened = await openFromTable(name);
    expect(within(reopened.dialog).getByRole('textbox', { name: 'New comment' })).toHaveValue(
      'À rappeler après le salon',
    );
  });
});

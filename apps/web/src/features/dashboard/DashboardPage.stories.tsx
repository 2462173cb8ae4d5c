import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { detail, mockOperation } from '@prospecta/api-client/msw';
import {
  createScenario,
  dashboardOf,
  fixtureDate,
  makeProspectSummary,
  makeTag,
} from '@prospecta/api-client/fixtures';
import type { ProspectStatus, ProspectSummary } from '@prospecta/api-client';
import { isNurtureAllCandidate } from '@prospecta/domain';
import { withApp, withToaster, type AppStoryParameters } from '../../testing/decorators';
import { pageHandlers } from '../../testing/stories';
import { staffUser } from '../../testing/users';
import { DashboardPage } from './DashboardPage';

const customerRoute: AppStoryParameters['route'] = {
  initialEntries: ['/users/2/dashboard'],
  path: 'users/:userId/dashboard',
};

/** A large dashboard: `count` prospects over the four columns, names in French and English. */
function largeDashboard(count: number): ProspectSummary[] {
  const statuses = ['ongoing', 'pending', 'to_call', 'nurture', 'converted'] as const;
  return Array.from({ length: count }, (_, i) =>
    makeProspectSummary(
      i + 1,
      { status: statuses[i % statuses.length], userId: 2 },
      { id: 50_000 + i },
    ),
  );
}

/**
 * The dashboard as the server shows it after a bulk move: `moved()` (the story's handler for the move calls it once
 * the server has answered) puts the prospects `which` picks in `status`, their latest event being the move.
 */
function dashboardAfterMove(which: (p: ProspectSummary) => boolean, status: ProspectStatus) {
  const scenario = createScenario();
  const targets = dashboardOf(scenario, 2).prospects.filter(which);
  let done = false;
  return {
    count: targets.length,
    moved: () => {
      done = true;
    },
    read: mockOperation('get', '/api/v1/users/{id}/dashboard', ({ params }) => ({
      status: 200,
      body: {
        prospects: dashboardOf(scenario, Number(params.id)).prospects.map((p) =>
          done && targets.some((t) => t.id === p.id)
            ? { ...p, prospecting_status: status, event_date: fixtureDate(24 * 7) }
            : p,
        ),
      },
    })),
  };
}

/** Nurture all: the server moves the prospects of finished campaigns that never answered. */
function nurtureAllHandlers() {
  const inactive = new Set(
    createScenario()
      .campaigns.filter((c) => !c.is_active)
      .map((c) => c.id),
  );
  const after = dashboardAfterMove(
    (p) => isNurtureAllCandidate({ ...p, campaign_is_active: !inactive.has(p.campaign_id) }),
    'nurture',
  );
  return [
    mockOperation('post', '/api/v1/users/{id}/dashboard/nurture-prospects', () => {
      after.moved();
      return { status: 200, body: { moved: after.count } };
    }),
    after.read,
    ...pageHandlers(),
  ];
}

/** Clean the column: the server marks every prospect of the nurture column as nurtured. */
function cleanNurtureHandlers() {
  const after = dashboardAfterMove((p) => p.prospecting_status === 'nurture', 'nurtured');
  return [
    mockOperation('post', '/api/v1/users/{id}/dashboard/clean-nurture', () => {
      after.moved();
      return { status: 200, body: { moved: after.count } };
    }),
    after.read,
    ...pageHandlers(),
  ];
}

const meta = {
  title: 'Screens/Dashboard/Page',
  component: DashboardPage,
  decorators: [withToaster, withApp],
  parameters: {
    layout: 'fullscreen',
    app: { route: customerRoute } satisfies AppStoryParameters,
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const column = (canvas: ReturnType<typeof within>, id: string) =>
  canvas.getByTestId(`dashboard-column-${id}`);

/** The customer's dashboard: four columns with counts, no score, no staff tools. */
export const Customer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    for (const id of ['ongoing', 'to_call', 'to_nurture', 'new_opportunity']) {
      await expect(column(canvas, id)).toBeInTheDocument();
    }
    await expect(canvas.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    await expect(
      canvas.queryByRole('button', { name: 'Nurture prospects' }),
    ).not.toBeInTheDocument();
    await expect(canvas.queryByText(/^Score/)).not.toBeInTheDocument();
    // Default view is the column view.
    await expect(canvas.getByRole('button', { name: 'Columns' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** Staff see the score on the cards, the export and the nurture-all button. */
export const Staff: Story = {
  parameters: { app: { route: customerRoute, user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await expect(canvas.getByRole('button', { name: 'Export' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Nurture prospects' })).toBeEnabled();
    await expect(canvas.getAllByRole('img', { name: /^Score: \d+$/ }).length).toBeGreaterThan(0);
  },
};

/** French texts. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Tableau de bord' }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('searchbox', { name: 'Rechercher par prénom, nom, entreprise ou poste' }),
    ).toBeInTheDocument();
  },
};

const neverAnswers = [
  http.get('*/api/v1/users/:id/dashboard', async () => {
    await delay('infinite');
    return HttpResponse.json({ prospects: [] });
  }),
];

/** Loading: the four columns with skeleton cards, and no count until the prospects are known (not '0'). */
export const Loading: Story = {
  parameters: { msw: { handlers: neverAnswers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const loading = await canvas.findByTestId('dashboard-loading');
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getAllByTestId('kanban-skeleton-card').length).toBeGreaterThan(0);
    await expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(4);
    await expect(loading.textContent).not.toMatch(/\d/);
    await expect(canvas.queryByTestId('dashboard-summary')).not.toBeInTheDocument();
  },
};

/** Loading in the list view (French): the table's own skeleton rows, no columns, no count, no pagination. */
export const ListLoadingFrench: Story = {
  globals: { locale: 'fr' },
  parameters: {
    app: { route: customerRoute, preferences: { 'dashboard.view': '"list"' } },
    msw: { handlers: neverAnswers },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const loading = await canvas.findByTestId('dashboard-loading');
    await expect(
      within(loading).getByRole('table', { name: 'Prospects du tableau de bord' }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getAllByTestId('table-skeleton-row').length).toBeGreaterThan(0);
    await expect(canvas.queryByTestId('kanban-skeleton-card')).not.toBeInTheDocument();
    await expect(loading.textContent).not.toMatch(/\d/);
  },
};

/** Empty: no prospect yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/users/{id}/dashboard', {
          status: 200,
          body: { prospects: [] },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No prospects yet')).toBeInTheDocument();
  },
};

/** Error, then a successful retry. */
export const ServerErrorThenRetry: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation(
          'get',
          '/api/v1/users/{id}/dashboard',
          { status: 404, body: detail('Not found.') },
          { once: true },
        ),
        mockOperation('get', '/api/v1/users/{id}/dashboard', {
          status: 200,
          body: {
            prospects: [
              makeProspectSummary(
                1,
                { status: 'ongoing' },
                { first_name: 'Ada', last_name: 'Retry' },
              ),
            ],
          },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(
      await canvas.findByRole('button', { name: 'Open the details of Ada Retry' }),
    ).toBeInTheDocument();
  },
};

/** Large: 10,000 prospects; columns are virtualised so the DOM stays small. */
export const Large: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/users/{id}/dashboard', {
          status: 200,
          body: { prospects: largeDashboard(10_000) },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card', {}, { timeout: 10_000 });
    await expect(canvas.getByTestId('dashboard-summary')).toHaveTextContent(
      '10,000 prospects on the dashboard.',
    );
    await expect(canvas.getAllByTestId('prospect-card').length).toBeLessThan(120);
    await expect(canvasElement.getElementsByTagName('*').length).toBeLessThan(1500);
  },
};

/** Search is case-insensitive over names, company and position; a search without result says so. */
export const SearchAndNoMatch: Story = {
  // Ends on the same picture as Customer: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByTestId('prospect-card');
    const firstName = cards[0]?.getAttribute('data-prospect-name')?.split(' ')[0] ?? '';
    const box = canvas.getByRole('searchbox', {
      name: 'Search by first name, last name, company or position',
    });
    await userEvent.type(box, firstName.toUpperCase());
    await waitFor(() =>
      expect(canvas.getAllByTestId('prospect-card').length).toBeLessThan(cards.length),
    );
    for (const card of canvas.getAllByTestId('prospect-card')) {
      await expect(card.textContent?.toLowerCase()).toContain(firstName.toLowerCase());
    }
    await userEvent.clear(box);
    await userEvent.type(box, 'zzzz-nobody');
    await expect(await canvas.findByText('No prospect matches “zzzz-nobody”.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear the search' }));
    await expect(box).toHaveValue('');
  },
};

/** The list view is remembered (preferences) and shows a paged, sortable table. */
export const ListView: Story = {
  parameters: { app: { route: customerRoute, preferences: { 'dashboard.view': '"list"' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Prospects of the dashboard' });
    await expect(canvas.getByRole('button', { name: 'List' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(table).getByRole('columnheader', { name: /First name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(within(table).getByRole('button', { name: /Last name/ }));
    await expect(within(table).getByRole('columnheader', { name: /Last name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  },
};

/** Staff nurture-all: confirmation, then the success message and a refreshed list. */
export const NurtureAll: Story = {
  parameters: {
    app: { route: customerRoute, user: staffUser },
    msw: { handlers: nurtureAllHandlers() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    const before = Number(column(canvas, 'to_nurture').getAttribute('data-count'));
    await userEvent.click(canvas.getByRole('button', { name: 'Nurture prospects' }));
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('alertdialog', { name: 'Nurture the prospects?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(
      await page.findByText('The prospects have been moved to the opportunities to engage.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(Number(column(canvas, 'to_nurture').getAttribute('data-count'))).toBeGreaterThan(
        before,
      ),
    );
  },
};

/** Answering no to nurture-all changes nothing. */
export const NurtureAllCancelled: Story = {
  parameters: { app: { route: customerRoute, user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    const before = column(canvas, 'to_nurture').getAttribute('data-count');
    await userEvent.click(canvas.getByRole('button', { name: 'Nurture prospects' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      within(await page.findByRole('alertdialog')).getByRole('button', { name: 'No' }),
    );
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(column(canvas, 'to_nurture').getAttribute('data-count')).toBe(before);
  },
};

/** 'Clean the column' empties the nurture column after a confirmation. */
export const CleanNurtureColumn: Story = {
  parameters: { msw: { handlers: cleanNurtureHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await userEvent.click(canvas.getByRole('button', { name: 'Clean the column' }));
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('alertdialog', {
      name: 'Clean the opportunities to engage?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(await page.findByText(/marked as nurtured\.$/)).toBeInTheDocument();
    await waitFor(() => expect(column(canvas, 'to_nurture').getAttribute('data-count')).toBe('0'));
  },
};

/** Cards with long names, long company names and many tags keep their layout. */
export const LongNamesAndManyTags: Story = {
  parameters: {
    app: { route: customerRoute, user: staffUser },
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/users/{id}/dashboard', {
          status: 200,
          body: {
            prospects: [
              makeProspectSummary(
                1,
                { status: 'ongoing' },
                {
                  first_name: 'Marie-Bernadette Éléonore',
                  last_name: 'de La Rochefoucauld-Montmorency',
                  company_name:
                    'Compagnie Internationale des Wagons-Lits et des Grands Express Européens',
                  position: 'Directrice générale adjointe chargée du développement international',
                  tags: [1, 2, 3, 4, 5, 6, 7].map((n) =>
                    makeTag(n, { label: `Étiquette numéro ${n}` }),
                  ),
                  score: 100,
                },
              ),
              makeProspectSummary(
                2,
                { status: 'to_call' },
                {
                  first_name: 'Hubert',
                  last_name: 'Wolfeschlegelsteinhausenbergerdorff',
                  company_name: 'Aktiengesellschaft für Präzisionsinstrumentenfertigung',
                  tags: [
                    makeTag(9, {
                      label: 'Étiquetteextrêmementlongueetsansespacequinepeutpascouper',
                    }),
                  ],
                  score: 0,
                },
              ),
            ],
          },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByTestId('prospect-card');
    await expect(cards).toHaveLength(2);
    await expect(within(cards[0] as HTMLElement).getByText('+4')).toBeInTheDocument();
  },
};

/** Clicking a card opens the prospect detail modal. */
export const OpensTheProspect: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = (await canvas.findAllByTestId('prospect-card'))[0] as HTMLElement;
    const name = card.getAttribute('data-prospect-name') ?? '';
    await userEvent.click(
      within(card).getByRole('button', { name: `Open the details of ${name}` }),
    );
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name })).toBeInTheDocument();
  },
};

/** The same person in two campaigns: two cards, told apart by their campaign (English and French). */
const twoCampaigns = {
  msw: {
    handlers: [
      mockOperation('get', '/api/v1/users/{id}/dashboard', {
        status: 200,
        body: {
          prospects: [
            makeProspectSummary(
              1,
              { status: 'ongoing' },
              {
                id: 901,
                first_name: 'Claire',
                last_name: 'Dubois',
                campaign_name: 'Relance grands comptes — printemps 2026',
              },
            ),
            makeProspectSummary(
              1,
              { status: 'ongoing' },
              {
                id: 902,
                first_name: 'Claire',
                last_name: 'Dubois',
                campaign_name: 'Salon des entrepreneurs de Lyon',
              },
            ),
          ],
        },
      }),
    ],
  },
};

async function expectCampaignsOnCards(canvasElement: HTMLElement) {
  const cards = await within(canvasElement).findAllByTestId('prospect-card');
  await expect(cards).toHaveLength(2);
  await expect(
    cards.map((card) => within(card).getByTestId('prospect-card-campaign').textContent),
  ).toEqual([
    expect.stringContaining('Relance grands comptes — printemps 2026'),
    expect.stringContaining('Salon des entrepreneurs de Lyon'),
  ]);
  await expect(cards[0]!.textContent).not.toBe(cards[1]!.textContent);
}

export const SamePersonInTwoCampaigns: Story = {
  parameters: twoCampaigns,
  play: async ({ canvasElement }) => expectCampaignsOnCards(canvasElement),
};

export const SamePersonInTwoCampaignsFrench: Story = {
  globals: { locale: 'fr' },
  parameters: twoCampaigns,
  play: async ({ canvasElement }) => {
    await expectCampaignsOnCards(canvasElement);
    await expect(
      within(canvasElement).getAllByTestId('prospect-card-campaign')[0],
    ).toHaveTextContent(/^Campagne Relance/);
  },
};

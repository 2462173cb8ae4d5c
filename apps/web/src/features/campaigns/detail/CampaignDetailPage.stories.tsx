import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { detail, mockOperation } from '@prospecta/api-client/msw';
import { fixtureDate, makeCampaign } from '@prospecta/api-client/fixtures';
import { campaignProspects, scenarioCampaign, withProspects } from '../../../testing/campaigns';
import { withApp, withToaster, type AppStoryParameters } from '../../../testing/decorators';
import { expectWordsWhole } from '../../../testing/layout';
import {
  atWidth,
  backToTop,
  centreInView,
  pageHandlers,
  WIDTH_VIEWPORTS,
} from '../../../testing/stories';
import { staffUser } from '../../../testing/users';
import { CampaignDetailPage } from './CampaignDetailPage';

/**
 * A refresh the server makes: the campaign's last update becomes the refresh's time, in its answer and in the
 * campaign's reads after it.
 */
function refreshHandlers() {
  const before = scenarioCampaign(50);
  let refreshed = false;
  const campaign = () =>
    refreshed ? { ...before.campaign, last_update_at: fixtureDate(24 * 7) } : before.campaign;
  return [
    mockOperation('get', '/api/v1/campaigns/{id}/sync', () => {
      refreshed = true;
      return { status: 200, body: campaign() };
    }),
    mockOperation('get', '/api/v2/campaigns/{id}', () => ({
      status: 200,
      body: { ...before, campaign: campaign() },
    })),
    ...pageHandlers(),
  ];
}

const route = (campaignId = 50): AppStoryParameters['route'] => ({
  initialEntries: [`/users/2/campaigns/${campaignId}`],
  path: 'users/:userId/campaigns/:campaignId',
});

const meta = {
  title: 'Screens/Campaign/Page',
  component: CampaignDetailPage,
  decorators: [withToaster, withApp],
  parameters: {
    layout: 'fullscreen',
    app: { route: route() } satisfies AppStoryParameters,
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof CampaignDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const columnIds = ['ongoing', 'to_call', 'answerers', 'lost', 'converted', 'nurture'];
const count = (canvas: ReturnType<typeof within>, id: string) =>
  Number(canvas.getByTestId(`campaign-column-${id}`).dataset.count);

/** The customer's view: six columns by displayed category with counts, no staff tools, back link. */
export const Customer: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/campaigns/{id}', {
          status: 200,
          body: withProspects(campaignProspects(14)),
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: 'Relance grands comptes — printemps 2026',
      }),
    ).toBeInTheDocument();
    await canvas.findAllByTestId('prospect-card');
    for (const id of columnIds)
      await expect(canvas.getByTestId(`campaign-column-${id}`)).toBeInTheDocument();
    // 14 prospects: 2 nurtured stay off the board; lost/converted/nurture win over answers; answers make answerers.
    await expect(columnIds.reduce((sum, id) => sum + count(canvas, id), 0)).toBe(12);
    await expect(count(canvas, 'answerers')).toBe(1);
    await expect(count(canvas, 'lost')).toBe(2);
    await expect(canvas.getByTestId('campaign-summary')).toHaveTextContent('14 prospects');
    await expect(canvas.getByRole('link', { name: 'Back to my campaigns' })).toHaveAttribute(
      'href',
      '/users/2/campaigns',
    );
    await expect(canvas.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    await expect(
      canvas.queryByRole('button', { name: 'Refresh the campaign' }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Columns' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** Staff: export, refresh (active campaign) with the Zurich last-update stamp; a refresh toasts success. */
export const StaffRefreshes: Story = {
  parameters: {
    app: { route: route(), user: staffUser },
    msw: { handlers: refreshHandlers() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await expect(canvas.getByTestId('campaign-last-update')).toHaveTextContent(
      /^Last update: \d{2} \w+ \d{4} - \d{2}:\d{2}$/,
    );
    await expect(canvas.getByRole('button', { name: 'Export' })).toBeEnabled();
    // No send of this campaign has an unknown outcome: no warning.
    await expect(canvas.queryByTestId('campaign-unknown-sends')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh the campaign' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('The campaign has been refreshed.')).toBeInTheDocument();
  },
};

/** Sends whose outcome is unknown: staff read under the heading that they may or may not have left, never resent. */
const withUnknownSends = (unknown: number | null) => {
  const answer = scenarioCampaign(50);
  return [
    mockOperation('get', '/api/v2/campaigns/{id}', {
      status: 200,
      body: { ...answer, campaign: { ...answer.campaign, unknown_sends: unknown } },
    }),
    ...pageHandlers(),
  ];
};

export const StaffSeesUnknownSends: Story = {
  parameters: {
    viewport: WIDTH_VIEWPORTS,
    app: { route: route(), user: staffUser },
    msw: { handlers: withUnknownSends(3) },
  },
  globals: atWidth(1280),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('campaign-unknown-sends')).toHaveTextContent(
      '3 e-mails of this campaign have an unknown outcome: they were handed to the mail server, but Prospecta stopped before recording the answer. They may or may not have left, and they will not be sent again.',
    );
  },
};

export const StaffSeesOneUnknownSendFrenchPhone: Story = {
  parameters: {
    viewport: WIDTH_VIEWPORTS,
    app: { route: route(), user: staffUser },
    msw: { handlers: withUnknownSends(1) },
  },
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('campaign-unknown-sends')).toHaveTextContent(
      /^1 e-mail de cette campagne a un sort inconnu\s: il a été remis au serveur de messagerie, mais Prospecta s’est arrêté avant d’en noter la réponse\. Il est peut-être parti, peut-être pas, et il ne sera pas renvoyé\.$/,
    );
  },
};

/** A customer's answer carries no count (decision 0195): no warning, whatever happened. */
export const CustomerSeesNoUnknownSends: Story = {
  tags: ['no-visual'], // The picture of a customer's campaign page, as Customer's.
  parameters: { msw: { handlers: withUnknownSends(null) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await expect(canvas.queryByTestId('campaign-unknown-sends')).toBeNull();
  },
};

/** A failed refresh is told; the board stays. */
export const StaffRefreshFails: Story = {
  parameters: {
    app: { route: route(), user: staffUser },
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/campaigns/{id}/sync', {
          status: 409,
          body: detail('Only an active campaign can be refreshed.'),
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = (await canvas.findAllByTestId('prospect-card')).length;
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh the campaign' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText(/The campaign could not be refreshed/)).toBeInTheDocument();
    await expect(canvas.getAllByTestId('prospect-card')).toHaveLength(cards);
  },
};

/** An inactive campaign offers the export but no refresh. */
export const StaffInactiveCampaign: Story = {
  parameters: { app: { route: route(51), user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'UK logistics outreach Q2' });
    await expect(canvas.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    await expect(
      canvas.queryByRole('button', { name: 'Refresh the campaign' }),
    ).not.toBeInTheDocument();
  },
};

/** Staff find the import of prospects under the board: no import yet, the button opens the file drop. */
export const StaffImportsProspects: Story = {
  parameters: { app: { route: route(), user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    const panel = await canvas.findByTestId('imports-panel');
    await expect(
      await within(panel).findByText(
        'No import yet. Import a CSV or XLSX file to add prospects to this campaign.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Import prospects' }));
    await expect(await within(panel).findByText('File of prospects')).toBeInTheDocument();
    centreInView(panel);
  },
};

/** A customer's campaign page has no import panel (staff only). */
export const CustomerHasNoImports: Story = {
  tags: ['no-visual'], // The picture of Customer.
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await expect(canvas.queryByTestId('imports-panel')).not.toBeInTheDocument();
  },
};

/** The table view: sort by last name, change the page size, page forward; the choice is remembered. */
export const TableView: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/campaigns/{id}', {
          status: 200,
          body: withProspects(campaignProspects(60)),
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await userEvent.click(canvas.getByRole('button', { name: 'Table' }));
    const table = await canvas.findByRole('table', { name: 'Prospects of the campaign' });
    await expect(within(table).getAllByRole('row')).toHaveLength(26);
    await expect(canvas.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /^Last name/ }));
    await expect(canvas.getByRole('columnheader', { name: /Last name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('Page 2 of 3')).toBeInTheDocument();
    await expect(canvas.queryByRole('columnheader', { name: /Score/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The headers sort the table; the page's sort control is for phones, where the header row is hidden.
    await expect(canvas.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    centreInView(canvas.getByText('Page 2 of 3'));
  },
};

/** Search narrows the columns; a search with no match offers to clear it. */
export const SearchNoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await userEvent.type(
      canvas.getByRole('searchbox', {
        name: 'Search by first name, last name, company or position',
      }),
      'zzzz',
    );
    await expect(await canvas.findByTestId('campaign-no-match')).toHaveTextContent(
      'No prospect matches “zzzz”.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Clear the search' }));
    await expect((await canvas.findAllByTestId('prospect-card')).length).toBeGreaterThan(0);
  },
};

/** Clicking a card opens the prospect modal. */
export const OpensTheProspect: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [card] = await canvas.findAllByTestId('prospect-card');
    const name = card!.dataset.prospectName ?? '';
    await userEvent.click(
      within(card!).getByRole('button', { name: `Open the details of ${name}` }),
    );
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** French texts. */
export const French: Story = {
  globals: { locale: 'fr' },
  parameters: { app: { route: route(), user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    // Staff read whose campaigns they go back to, with the French elision before a vowel.
    await expect(
      await canvas.findByRole('link', { name: 'Retour aux campagnes d’Élodie Lefèvre' }),
    ).toHaveAttribute('href', '/users/2/campaigns');
    await expect(
      canvas.getByRole('button', { name: 'Actualiser la campagne' }),
    ).toBeInTheDocument();
    await expect(canvas.getByTestId('campaign-last-update')).toHaveTextContent(
      /^Dernière mise à jour : /,
    );
  },
};

/** Loading: skeleton columns. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v2/campaigns/:id', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('campaign-page')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getAllByTestId('kanban-skeleton-card').length).toBeGreaterThan(0);
  },
};

/** Unknown campaign: a not-found state, not an endless skeleton. */
export const NotFound: Story = {
  parameters: { app: { route: route(999) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'This campaign does not exist.' }),
    ).toBeInTheDocument();
  },
};

/** Server error (after two retries): the error state with a retry button. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v2/campaigns/:id', () =>
          HttpResponse.json(detail('Boom.'), { status: 500 }),
        ),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByTestId('campaign-error', {}, { timeout: 10_000 }),
    ).toHaveTextContent('The campaign could not be loaded.');
  },
};

/** A campaign without prospects. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/campaigns/{id}', { status: 200, body: withProspects([]) }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('campaign-empty')).toHaveTextContent(
      'No prospects in this campaign yet',
    );
  },
};

/** 10,000 prospects: the columns are virtualised and the table paged, so the page stays small. */
export const TenThousandProspects: Story = {
  parameters: {
    app: { route: route(), user: staffUser },
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/campaigns/{id}', {
          status: 200,
          body: withProspects(campaignProspects(10_000)),
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await expect(canvas.getByTestId('campaign-summary')).toHaveTextContent('10,000 prospects');
    await expect(canvasElement.querySelectorAll('*').length).toBeLessThan(1500);
  },
};

/** French, loading: the title says the campaign is loading, the toolbar is French, the columns show skeletons. */
export const FrenchLoading: Story = {
  globals: { locale: 'fr' },
  parameters: Loading.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Chargement de la campagne…' }),
    ).toBeInTheDocument();
    await expect(canvas.getAllByTestId('kanban-skeleton-card').length).toBeGreaterThan(0);
    await expect(
      canvas.getByRole('toolbar', { name: 'Outils de la campagne' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Colonnes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      canvas.getByRole('searchbox', { name: 'Rechercher par prénom, nom, entreprise ou poste' }),
    ).toHaveAttribute('placeholder', 'ex. Dupont');
  },
};

/** French: a server error with its retry, then a campaign without prospects (the empty state). */
export const FrenchErrorThenEmpty: Story = {
  globals: { locale: 'fr' },
  parameters: {
    msw: {
      handlers: [
        http.get(
          '*/api/v2/campaigns/:id',
          () => HttpResponse.json(detail('Boom.'), { status: 500 }),
          { once: true },
        ),
        mockOperation('get', '/api/v2/campaigns/{id}', { status: 200, body: withProspects([]) }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const error = await canvas.findByTestId('campaign-error');
    await expect(error).toHaveTextContent('La campagne n’a pas pu être chargée.');
    await expect(error).toHaveTextContent('Vérifiez votre connexion, puis réessayez.');
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }));
    const empty = await canvas.findByTestId('campaign-empty');
    await expect(empty).toHaveTextContent('Aucun prospect dans cette campagne pour l’instant');
    await expect(empty).toHaveTextContent(
      'Les prospects apparaîtront ici dès que la campagne les ajoutera.',
    );
    await expect(canvas.getByTestId('campaign-summary')).toHaveTextContent('Aucun prospect');
  },
};

/** French: an unknown campaign says so at once, with the way back. */
export const FrenchNotFound: Story = {
  globals: { locale: 'fr' },
  parameters: { app: { route: route(999) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Cette campagne n’existe pas.' }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByText('Elle a peut-être été supprimée, ou le lien est erroné.'),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Retour à mes campagnes' })).toHaveAttribute(
      'href',
      '/users/2/campaigns',
    );
  },
};

const longCampaignName =
  'Campagne de prospection internationale des distributeurs de matériel agricole et viticole — Bourgogne, Champagne et Alsace, automne 2026';

/**
 * 1280 px, staff, French, long names: the long campaign name wraps in the heading, the French toolbar (search, sort,
 * export, refresh) wraps without overlapping, long prospect names wrap inside their cards.
 */
export const FrenchStaffLongNames: Story = {
  globals: { ...atWidth(1280), locale: 'fr' },
  parameters: {
    viewport: WIDTH_VIEWPORTS,
    app: { route: route(), user: staffUser },
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/campaigns/{id}', {
          status: 200,
          body: withProspects(
            scenarioCampaign().prospects,
            makeCampaign(1, { name: longCampaignName }),
          ),
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { level: 1, name: longCampaignName });
    await canvas.findAllByTestId('prospect-card');
    await expectWordsWhole([heading]);
    await expect(canvas.getByTestId('campaign-last-update')).toHaveTextContent(
      /^Dernière mise à jour : /,
    );
    const toolbar = canvas.getByRole('toolbar', { name: 'Outils de la campagne' });
    const boxes = [...toolbar.children]
      .map((child) => child.getBoundingClientRect())
      .filter((box) => box.width > 0);
    const frame = toolbar.getBoundingClientRect();
    for (const [i, box] of boxes.entries()) {
      await expect(box.right).toBeLessThanOrEqual(frame.right + 1);
      for (const other of boxes.slice(i + 1)) {
        const overlaps =
          box.left < other.right &&
          other.left < box.right &&
          box.top < other.bottom &&
          other.top < box.bottom;
        await expect(overlaps).toBe(false);
      }
    }
    for (const card of canvas.getAllByRole('article'))
      await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    await expect(
      canvas.getByRole('button', {
        name: /^Ouvrir le détail de Marie-Geneviève-Éléonore-Apolline/,
      }),
    ).toBeInTheDocument();
  },
};

/**
 * 390 px, French, table view: the rows stack (no sideways scrolling), so the sort is the page's 'Trier par' control;
 * a search without a match says so in French.
 */
export const FrenchTableOnAPhone: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  parameters: {
    viewport: WIDTH_VIEWPORTS,
    app: { route: route(), preferences: { campaignView: 'table' } },
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/campaigns/{id}', {
          status: 200,
          body: withProspects(campaignProspects(60)),
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Prospects de la campagne' });
    await expect(canvas.getByRole('button', { name: 'Tableau' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(table.querySelector('thead')).not.toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Trier par' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Nom' }),
    );
    const lastNames = () =>
      [...table.querySelectorAll('td[data-label="Nom"]')].map((cell) => cell.textContent ?? '');
    const collator = new Intl.Collator('fr', { sensitivity: 'base' });
    await waitFor(() =>
      expect(
        lastNames().every((name, i, all) => i === 0 || collator.compare(all[i - 1]!, name) <= 0),
      ).toBe(true),
    );
    await expect(canvas.getByText('Page 1 sur 3')).toBeInTheDocument();
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Rechercher par prénom, nom, entreprise ou poste' }),
      'zzzz',
    );
    const noMatch = await canvas.findByTestId('campaign-no-match');
    await expect(noMatch).toHaveTextContent('Aucun prospect ne correspond à « zzzz ».');
    await expect(noMatch).toHaveTextContent(
      'Essayez un autre nom, une autre entreprise ou un autre poste.',
    );
    await expect(canvas.getByTestId('campaign-summary')).toHaveTextContent(
      'Aucun prospect affiché sur 60',
    );
    await expect(canvas.getByRole('button', { name: 'Effacer la recherche' })).toBeVisible();
  },
};

/** Staff read the customer's name on the way back, never 'my campaigns': the campaigns are the customer's. */
export const StaffBackToTheCustomersCampaigns: Story = {
  parameters: { app: { route: route(), user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('prospect-card');
    await expect(
      await canvas.findByRole('link', { name: 'Back to Élodie Lefèvre’s campaigns' }),
    ).toHaveAttribute('href', '/users/2/campaigns');
    await expect(canvas.queryByText('Back to my campaigns')).not.toBeInTheDocument();
  },
};

/**
 * 1440 px, staff, French, table view: the pinned 'Action' column hides no column for good. While content lies under
 * it, it casts a shadow, and the 'Dernier commentaire' and 'Détails' columns, brought into view, stop beside it.
 */
export const FrenchStaffTableAt1440: Story = {
  globals: { ...atWidth(1440), locale: 'fr' },
  parameters: {
    viewport: WIDTH_VIEWPORTS,
    app: { route: route(), user: staffUser, preferences: { campaignView: 'table' } },
    msw: { handlers: pageHandlers() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Prospects de la campagne' });
    await within(table).findAllByRole('button', { name: /^Ouvrir le détail/ });
    const pinned = within(table).getByRole('columnheader', { name: 'Action' });
    for (const name of [/^Dernier commentaire/, /^Détails/]) {
      const header = within(table).getByRole('columnheader', { name });
      header.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      await waitFor(() =>
        expect(header.getBoundingClientRect().right).toBeLessThanOrEqual(
          pinned.getBoundingClientRect().left + 1,
        ),
      );
    }
    table.parentElement!.scrollLeft = 0;
    backToTop();
  },
};

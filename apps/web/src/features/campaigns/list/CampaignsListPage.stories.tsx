import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { detail, mockOperation } from '@prospecta/api-client/msw';
import { makeCampaign, makeCampaignStep } from '@prospecta/api-client/fixtures';
import { withApp, type AppStoryParameters } from '../../../testing/decorators';
import { expectPlaceholdersFit } from '../../../testing/layout';
import { atWidth, centreInView, pageHandlers, WIDTH_VIEWPORTS } from '../../../testing/stories';
import { staffUser } from '../../../testing/users';
import { CampaignsListPage } from './CampaignsListPage';

const customerRoute: AppStoryParameters['route'] = {
  initialEntries: ['/users/2/campaigns'],
  path: 'users/:userId/campaigns',
};

const meta = {
  title: 'Screens/Campaigns/List',
  component: CampaignsListPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { route: customerRoute } satisfies AppStoryParameters,
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof CampaignsListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const nameLinks = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('link').map((link: HTMLElement) => link.textContent);

/** The customer's campaigns, sorted by name ascending, with the count; a row expands to its steps and rates. */
export const Customer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'My Campaigns' }),
    ).toBeInTheDocument();
    await expect(await canvas.findByTestId('campaigns-count')).toHaveTextContent('4 campaigns');
    await expect(nameLinks(canvas)).toEqual([
      'Dental clinics — follow-up',
      'Relance grands comptes — printemps 2026',
      'Salon des entrepreneurs de Lyon',
      'UK logistics outreach Q2',
    ]);
    await expect(canvas.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(canvas.queryByTestId('campaign-owner')).not.toBeInTheDocument();
    await expect(canvas.getAllByTestId('campaign-funnel')[0]).toHaveAccessibleName(
      /^Funnel of Dental clinics — follow-up: \d+ people contacted/,
    );
    await userEvent.click(
      canvas.getByRole('button', { name: 'Show the steps of UK logistics outreach Q2' }),
    );
    const steps = await canvas.findAllByTestId('campaign-step');
    await expect(steps).toHaveLength(4);
    // The step named n/a reads 'LinkedIn invitation'; rates have two decimals, green above 0, red at 0.
    await expect(steps[1]).toHaveTextContent('LinkedIn invitation');
    await expect(steps[0]).toHaveTextContent('60.00%25.00%8.33%');
    await expect(within(steps[1]!).getAllByText('0.00%')[0]).toHaveAttribute(
      'data-tone',
      'negative',
    );
    await expect(within(steps[0]!).getByText('60.00%')).toHaveAttribute('data-tone', 'positive');
    // A LinkedIn message has no opening: its answer rate is answered / contacted (4 of 90).
    await expect(steps[2]).toHaveTextContent('LinkedIn message0.00%0.00%4.44%');
    await userEvent.click(
      canvas.getByRole('button', { name: 'Hide the steps of UK logistics outreach Q2' }),
    );
    await expect(canvas.queryByTestId('campaign-step')).not.toBeInTheDocument();
  },
};

/** Sorting by the active header: active campaigns first, then inactive first; the name header reverses. */
export const SortByActive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('campaigns-count');
    await userEvent.click(canvas.getByRole('button', { name: /^Active/ }));
    await expect(nameLinks(canvas)).toEqual([
      'Relance grands comptes — printemps 2026',
      'Salon des entrepreneurs de Lyon',
      'Dental clinics — follow-up',
      'UK logistics outreach Q2',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: /^Name/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^Name/ }));
    await expect(canvas.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(nameLinks(canvas)[0]).toBe('UK logistics outreach Q2');
    // The headers sort on a wide screen; the 'Sort by' control is for phones, where the header row is hidden.
    await expect(canvas.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
  },
};

/** The row menu links to the campaign detail. */
export const RowMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('campaigns-count');
    await userEvent.click(
      canvas.getByRole('button', { name: 'Actions for UK logistics outreach Q2' }),
    );
    const body = within(canvasElement.ownerDocument.body);
    await expect(
      await body.findByRole('menuitem', { name: 'See the details' }),
    ).toBeInTheDocument();
    // Closing gives the page back (an open menu hides the rest from assistive technology).
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menuitem')).not.toBeInTheDocument());
  },
};

/** Staff see the owner under each name and find a campaign by the owner's company. */
export const StaffSearchesByCompany: Story = {
  parameters: { app: { route: customerRoute, user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('campaigns-count');
    await expect(canvas.getAllByTestId('campaign-owner')[0]).toHaveTextContent(
      'Élodie Lefèvre · Boulangerie Lefèvre & Fils',
    );
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Search by campaign, user name or company' }),
      'boulangerie',
    );
    await waitFor(() =>
      expect(canvas.getByTestId('campaigns-count')).toHaveTextContent('4 campaigns shown out of 4'),
    );
    await userEvent.clear(canvas.getByRole('searchbox'));
    await userEvent.type(canvas.getByRole('searchbox'), 'lyon');
    await waitFor(() => expect(nameLinks(canvas)).toEqual(['Salon des entrepreneurs de Lyon']));
  },
};

/** Staff read whose campaigns these are: the customer's name, never 'My Campaigns'. */
export const StaffSeesTheCustomersName: Story = {
  parameters: { app: { route: customerRoute, user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Élodie Lefèvre’s campaigns' }),
    ).toBeVisible();
    await expect(canvas.queryByText('My Campaigns')).not.toBeInTheDocument();
  },
};

/** French, staff: 'Campagnes d’Élodie Lefèvre', elided before a vowel. */
export const StaffSeesTheCustomersNameFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { app: { route: customerRoute, user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Campagnes d’Élodie Lefèvre' }),
    ).toBeVisible();
    await expect(canvas.queryByText('Mes campagnes')).not.toBeInTheDocument();
  },
};

/** A customer's search looks at campaign names only, so a company finds nothing: the no-match state. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('campaigns-count');
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Search by campaign name' }),
      'boulangerie',
    );
    await expect(await canvas.findByTestId('campaigns-no-match')).toHaveTextContent(
      'No campaign matches “boulangerie”.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(nameLinks(canvas)).toHaveLength(4));
  },
};

/** French texts and number format. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Mes campagnes' }),
    ).toBeInTheDocument();
    await expect(await canvas.findByTestId('campaigns-count')).toHaveTextContent('4 campagnes');
    await userEvent.click(
      canvas.getByRole('button', { name: 'Afficher les étapes d’UK logistics outreach Q2' }),
    );
    const steps = await canvas.findAllByTestId('campaign-step');
    await expect(steps[1]).toHaveTextContent('Invitation LinkedIn');
    await expect(steps[0]).toHaveTextContent(/60,00\s%/);
  },
};

/** Loading: a 5-row skeleton (§9). */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v1/users/:id/campaigns', async () => {
          await delay('infinite');
          return HttpResponse.json({ campaigns: [] });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('table-skeleton-row')).toHaveLength(5));
    await expect(canvas.getByText('Loading the campaigns…')).toBeInTheDocument();
  },
};

/** Empty: no campaign yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/users/{id}/campaigns', {
          status: 200,
          body: { campaigns: [] },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('campaigns-empty')).toHaveTextContent('No campaign yet');
    await expect(canvas.getByTestId('campaigns-count')).toHaveTextContent('No campaigns');
  },
};

/** Error, then a successful retry. */
export const ErrorThenRetry: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation(
          'get',
          '/api/v1/users/{id}/campaigns',
          { status: 404, body: detail('Not found.') },
          { once: true },
        ),
        mockOperation('get', '/api/v1/users/{id}/campaigns', {
          status: 200,
          body: { campaigns: [makeCampaign(2)] },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('campaigns-error')).toHaveTextContent(
      'The campaigns could not be loaded.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(
      await canvas.findByRole('link', { name: 'UK logistics outreach Q2' }),
    ).toBeInTheDocument();
  },
};

const longName =
  'Campagne de prospection internationale des distributeurs de matériel agricole et viticole — Bourgogne, Champagne et Alsace, automne 2026';

/** Long campaign, step and owner names wrap instead of overflowing; a campaign without steps says so. */
export const LongNames: Story = {
  parameters: {
    app: { route: customerRoute, user: staffUser },
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/users/{id}/campaigns', {
          status: 200,
          body: {
            campaigns: [
              makeCampaign(1, {
                name: longName,
                user: {
                  id: 2,
                  full_name: 'Marie-Christine de La Rochefoucauld-Montmorency',
                  company_name:
                    'Établissements Rochefoucauld-Montmorency Agriculture et Viticulture SAS',
                },
                steps: [
                  makeCampaignStep(1, {
                    name: 'Premier e-mail de présentation très détaillé avec relance et pièce jointe commerciale',
                  }),
                ],
              }),
              makeCampaign(2, {
                steps: [],
                contacted: 0,
                contacts_opened: 0,
                contacts_clicked: 0,
                contacts_answered: 0,
              }),
            ],
          },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: longName })).toBeInTheDocument();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Show the steps of UK logistics outreach Q2' }),
    );
    await expect(await canvas.findByTestId('campaign-steps-empty')).toHaveTextContent(
      'This campaign has no steps yet.',
    );
    await expect(canvas.getAllByTestId('campaign-funnel')[1]).toHaveAccessibleName(
      /0 people contacted/,
    );
  },
};

/** 390 px, staff, French: the search's label carries the long text, its placeholder is a short example that fits. */
export const StaffSearchOnAPhoneFrench: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  parameters: { viewport: WIDTH_VIEWPORTS, app: { route: customerRoute, user: staffUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('campaigns-count');
    await expect(
      canvas.getByRole('searchbox', {
        name: 'Rechercher par campagne, nom d’utilisateur ou entreprise',
      }),
    ).toHaveAttribute('placeholder', 'ex. Moreau');
    await expectPlaceholdersFit(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Trier par' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ordre croissant' })).toBeVisible();
  },
};

/**
 * 390 px, customer, English: each campaign is a stacked block (no sideways scrolling), sorted with the page's
 * 'Sort by' control as the header row is hidden there; an open row shows its steps under the block.
 */
export const CustomerSearchOnAPhone: Story = {
  globals: atWidth(390),
  parameters: { viewport: WIDTH_VIEWPORTS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('campaigns-count');
    await expect(
      canvas.getByRole('searchbox', { name: 'Search by campaign name' }),
    ).toBeInTheDocument();
    await expectPlaceholdersFit(canvasElement);
    await expect(
      canvas.getByRole('table', { name: 'Campaigns' }).querySelector('thead'),
    ).not.toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Active' }),
    );
    await waitFor(() =>
      expect(nameLinks(canvas)[0]).toBe('Relance grands comptes — printemps 2026'),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: 'Show the steps of UK logistics outreach Q2' }),
    );
    await expect(await canvas.findAllByTestId('campaign-step')).toHaveLength(4);
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
    centreInView(canvas.getAllByTestId('campaign-step')[1]!);
  },
};

/** French, loading: the skeleton under French headers; the status read to screen readers is French. */
export const FrenchLoading: Story = {
  globals: { locale: 'fr' },
  parameters: Loading.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('table-skeleton-row')).toHaveLength(5));
    await expect(canvas.getByText('Chargement des campagnes…')).toBeInTheDocument();
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Mes campagnes' }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('columnheader', { name: 'Audience (contactés)' }),
    ).toBeInTheDocument();
  },
};

/** French: a server error with its retry, then a user without campaigns (the empty state). */
export const FrenchErrorThenEmpty: Story = {
  globals: { locale: 'fr' },
  parameters: {
    msw: {
      handlers: [
        http.get(
          '*/api/v1/users/:id/campaigns',
          () => HttpResponse.json(detail('Boom.'), { status: 500 }),
          { once: true },
        ),
        mockOperation('get', '/api/v1/users/{id}/campaigns', {
          status: 200,
          body: { campaigns: [] },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const error = await canvas.findByTestId('campaigns-error');
    await expect(error).toHaveTextContent('Les campagnes n’ont pas pu être chargées.');
    await expect(error).toHaveTextContent('Vérifiez votre connexion, puis réessayez.');
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }));
    const empty = await canvas.findByTestId('campaigns-empty');
    await expect(empty).toHaveTextContent('Aucune campagne pour l’instant');
    await expect(empty).toHaveTextContent(
      'Vos campagnes apparaîtront ici dès que la première sera préparée.',
    );
    await expect(canvas.getByTestId('campaigns-count')).toHaveTextContent('Aucune campagne');
  },
};

/** French, customer: a company is no campaign name, so nothing matches; the count and the advice say so in French. */
export const FrenchNoMatch: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('campaigns-count');
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Rechercher par nom de campagne' }),
      'boulangerie',
    );
    const noMatch = await canvas.findByTestId('campaigns-no-match');
    await expect(noMatch).toHaveTextContent('Aucune campagne ne correspond à « boulangerie ».');
    await expect(noMatch).toHaveTextContent('Essayez un autre nom de campagne.');
    await expect(canvas.getByTestId('campaigns-count')).toHaveTextContent(
      'Aucune campagne affichée sur 4',
    );
    await expect(canvas.getByRole('button', { name: 'Effacer la recherche' })).toBeInTheDocument();
  },
};

/** French, staff, long names: the owner line, the staff search, a long step name and a campaign without steps, in French. */
export const FrenchStaffLongNames: Story = {
  globals: { locale: 'fr' },
  parameters: LongNames.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: longName })).toBeInTheDocument();
    await expect(
      canvas.getByRole('searchbox', {
        name: 'Rechercher par campagne, nom d’utilisateur ou entreprise',
      }),
    ).toBeInTheDocument();
    await expect(canvas.getAllByTestId('campaign-owner')[0]).toHaveTextContent(
      'Marie-Christine de La Rochefoucauld-Montmorency · Établissements',
    );
    await expect(canvas.getByTestId('campaigns-count')).toHaveTextContent('2 campagnes');
    await userEvent.click(
      canvas.getByRole('button', { name: `Afficher les étapes de ${longName}` }),
    );
    const [step] = await canvas.findAllByTestId('campaign-step');
    await expect(step).toHaveTextContent('Premier e-mail de présentation très détaillé');
    await expect(step).toHaveTextContent('E-mail');
    await userEvent.click(
      canvas.getByRole('button', { name: 'Afficher les étapes d’UK logistics outreach Q2' }),
    );
    await expect(await canvas.findByTestId('campaign-steps-empty')).toHaveTextContent(
      'Cette campagne n’a pas encore d’étape.',
    );
    await expect(canvas.getAllByTestId('campaign-funnel').at(-1)).toHaveAccessibleName(
      /^Entonnoir d’UK logistics outreach Q2\u00a0: 0 personne contactée/,
    );
    await expect(
      canvas.getByRole('button', { name: 'Masquer les étapes d’UK logistics outreach Q2' }),
    ).toBeInTheDocument();
  },
};

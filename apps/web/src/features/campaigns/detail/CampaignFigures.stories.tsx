import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { detail, mockOperation } from '@prospecta/api-client/msw';
import { withApp, withToaster, type AppStoryParameters } from '../../../testing/decorators';
import {
  at1440,
  atWidth,
  backToTop,
  centreInView,
  pageHandlers,
  WIDTH_VIEWPORTS,
} from '../../../testing/stories';
import { customerUser, staffUser } from '../../../testing/users';
import { CampaignDetailPage } from './CampaignDetailPage';

const route: AppStoryParameters['route'] = {
  initialEntries: ['/users/2/campaigns/50'],
  path: 'users/:userId/campaigns/:campaignId',
};

const meta = {
  title: 'Screens/Campaign/Figures',
  component: CampaignDetailPage,
  decorators: [withToaster, withApp],
  parameters: {
    layout: 'fullscreen',
    app: { route, user: staffUser } satisfies AppStoryParameters,
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof CampaignDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const figures = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByTestId('campaign-figures');
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Staff see the campaign's figures and each step's, one row each; a figure of 0 is no button. */
export const StaffSeesTheFigures: Story = {
  play: async ({ canvasElement }) => {
    const panel = await figures(canvasElement);
    const rows = within(panel).getAllByTestId('campaign-figures-row');
    await expect(rows).toHaveLength(5);
    await expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      'Whole campaign',
    );
    await expect(
      within(panel).getByRole('button', {
        name: 'Step 3: Premier e-mail, Opened: 72. Show the prospects.',
      }),
    ).toBeInTheDocument();
    // A LinkedIn message opens no e-mail: its 0 is plain text.
    await expect(
      within(rows[1] as HTMLElement).queryByRole('button', { name: /Opened/ }),
    ).not.toBeInTheDocument();
    centreInView(panel);
  },
};

/** A figure opens the prospects behind it (name, company, since when), and a prospect opens its modal. */
export const OpensTheProspectsBehindAFigure: Story = {
  play: async ({ canvasElement }) => {
    const panel = await figures(canvasElement);
    await userEvent.click(
      within(panel).getByRole('button', {
        name: 'Whole campaign, Opened: 72. Show the prospects.',
      }),
    );
    const dialog = within(
      await page(canvasElement).findByRole('dialog', { name: 'Prospects who opened' }),
    );
    const rows = await dialog.findAllByTestId('figure-prospect');
    await expect(rows.length).toBeGreaterThan(0);
    await expect(dialog.getByTestId('figure-count')).toHaveTextContent(
      /^72 prospects, first in first\. The first \d+ are listed/,
    );
    const first = rows[0] as HTMLElement;
    const name = within(first).getByRole('button').textContent ?? '';
    await userEvent.click(within(first).getByRole('button'));
    await expect(await page(canvasElement).findByRole('dialog', { name })).toBeInTheDocument();
    backToTop();
  },
};

/** The same in French. */
export const OpensTheProspectsFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const panel = await figures(canvasElement);
    await expect(within(panel).getByRole('heading', { name: 'Chiffres' })).toBeInTheDocument();
    await userEvent.click(
      within(panel).getByRole('button', { name: /^Étape 2\s: Relance e-mail, Réponses/ }),
    );
    const dialog = within(
      await page(canvasElement).findByRole('dialog', { name: 'Prospects ayant répondu' }),
    );
    await expect(await dialog.findByTestId('figure-count')).toHaveTextContent(
      /du premier au dernier/,
    );
    await expect(dialog.getByRole('columnheader', { name: 'Depuis le' })).toBeInTheDocument();
    backToTop();
  },
};

/** The list could not be loaded: the dialog says so, and retrying loads it. */
export const LoadErrorWithRetry: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation(
          'get',
          '/api/v1/campaigns/{id}/figures/{figure}/prospects',
          { status: 404, body: detail('Not found.') },
          { once: true },
        ),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await figures(canvasElement);
    await userEvent.click(
      within(panel).getByRole('button', {
        name: 'Whole campaign, Contacted: 90. Show the prospects.',
      }),
    );
    const dialog = within(await page(canvasElement).findByRole('dialog'));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The prospects could not be loaded.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    await expect((await dialog.findAllByTestId('figure-prospect')).length).toBeGreaterThan(0);
    backToTop();
  },
};

/** A customer sees no figure on the campaign's page. */
export const CustomerSeesNoFigures: Story = {
  parameters: { app: { route, user: customerUser } satisfies AppStoryParameters },
  // Its picture is the customer's campaign page, which Screens/Campaign/Page's customer story shoots already.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('campaign-summary')).toBeInTheDocument();
    await expect(canvas.queryByTestId('campaign-figures')).not.toBeInTheDocument();
  },
};

/** On a phone the figures scroll sideways in their own box. */
export const Phone: Story = {
  parameters: { viewport: WIDTH_VIEWPORTS },
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const panel = await figures(canvasElement);
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
    centreInView(panel);
  },
};

// ── on a 1440 px laptop ──

/** The figures' table keeps to its columns' width (48rem at most) instead of spreading a row over the window. */
const figuresCompact = async (canvasElement: HTMLElement) => {
  const table = (await figures(canvasElement)).querySelector('table')!;
  await expect(table.getBoundingClientRect().width).toBeLessThanOrEqual(48 * 16 + 1);
};

export const StaffSeesTheFiguresAt1440: Story = {
  ...at1440(StaffSeesTheFigures, figuresCompact),
  parameters: { viewport: WIDTH_VIEWPORTS },
};
export const OpensTheProspectsAt1440: Story = {
  ...at1440(OpensTheProspectsBehindAFigure),
  parameters: { viewport: WIDTH_VIEWPORTS },
};
export const OpensTheProspectsFrenchAt1440: Story = {
  ...at1440(OpensTheProspectsFrench),
  parameters: { viewport: WIDTH_VIEWPORTS },
};

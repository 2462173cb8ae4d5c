import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mockOperation } from '@prospecta/api-client/msw';
import { makeOnboardingSubmission } from '@prospecta/api-client/fixtures';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { pageHandlers, SMALL_SCREEN, TUTORIAL_SEEN } from '../../testing/stories';
import { customerUser, staffUser } from '../../testing/users';
import { OnboardingPage } from './OnboardingPage';

/** The staff page /onboarding in its own minimal layout (logo, no sidebar), through the app's routes. */
const at = (selected?: { id: number; name: string }): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: ['/onboarding'] },
  user: staffUser,
  preferences: selected
    ? { ...TUTORIAL_SEEN, selectedUser: JSON.stringify(selected) }
    : TUTORIAL_SEEN,
});

const customerAnswers = makeOnboardingSubmission({ user_id: customerUser.id });
const forCustomer = at({ id: customerUser.id, name: customerUser.full_name });
const customerAnswersHandler = mockOperation(
  'get',
  '/api/v1/users/{id}/onboarding',
  ({ params }) => ({
    status: 200,
    body: { submission: Number(params.id) === customerUser.id ? customerAnswers : null },
  }),
);

const meta = {
  title: 'Screens/Onboarding/Page',
  component: OnboardingPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: at(),
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof OnboardingPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * No customer selected: the questionnaire belongs to a customer (the server refuses it for a staff account), so staff
 * are asked to choose one first, without the app's sidebar and without a form.
 */
export const StaffWithoutSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Onboarding questionnaire' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'The questionnaire belongs to a customer: choose a customer first, then fill it in for them.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choose a customer' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(canvas.queryByRole('tab', { name: 'Product or service' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Save the questionnaire' })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await waitFor(() =>
      expect(document.title).toBe(`Onboarding questionnaire · ${staffUser.full_name} · Prospecta`),
    );
  },
};

export const StaffWithoutSelectionFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'Le questionnaire appartient à un client : choisissez d’abord un client, puis remplissez-le pour lui.',
        {},
        // The page's code loads on first visit: slower than the default second on a busy machine.
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choisir un client' })).toBeVisible();
  },
};

/** A customer selected: the questionnaire is theirs, pre-filled with their saved answers. */
export const StaffForSelectedCustomer: Story = {
  // Ends on the same picture as LoadError: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  parameters: {
    app: forCustomer,
    msw: { handlers: [customerAnswersHandler, ...pageHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        `You are filling in the questionnaire for ${customerUser.full_name}.`,
      ),
    ).toBeVisible();
    await expect(await canvas.findByLabelText(/^Name of the product or service/)).toHaveValue(
      customerAnswers.brief.nameOfCampaignType,
    );
  },
};

export const StaffForSelectedCustomerFrench: Story = {
  ...StaffForSelectedCustomer,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Questionnaire d’accueil' }),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('tab', { name: 'Produit ou service', selected: true }),
    ).toBeVisible();
  },
};

/** While the saved answers load, a spinner says so (no empty form the staff member could start typing into). */
export const Loading: Story = {
  parameters: {
    app: forCustomer,
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/users/{id}/onboarding', async () => {
          await delay('infinite');
          return { status: 200, body: { submission: null } };
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading…' })).toBeVisible();
    await expect(canvas.queryByRole('tab', { name: 'Product or service' })).toBeNull();
  },
};

/** The saved answers cannot be loaded: said plainly, with a retry that loads them once the server answers. */
export const LoadError: Story = {
  parameters: {
    app: forCustomer,
    msw: {
      handlers: (() => {
        let calls = 0;
        return [
          // A server failure (outside the contract's answers), then the answers once it recovers.
          http.get('*/api/v1/users/:id/onboarding', () =>
            ++calls === 1
              ? HttpResponse.json({ detail: 'Internal error' }, { status: 500 })
              : HttpResponse.json({ submission: customerAnswers }),
          ),
          ...pageHandlers(),
        ];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The saved answers could not be loaded.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByLabelText(/^Name of the product or service/)).toHaveValue(
      customerAnswers.brief.nameOfCampaignType,
    );
  },
};

export const LoadErrorFrench: Story = {
  parameters: {
    app: forCustomer,
    msw: {
      handlers: [
        http.get('*/api/v1/users/:id/onboarding', () => HttpResponse.error()),
        ...pageHandlers(),
      ],
    },
  },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Les réponses enregistrées n’ont pas pu être chargées.',
    );
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  },
};

/** The page on a phone: tabs and fields one above the other, nothing cut. */
export const SmallScreen: Story = {
  parameters: {
    app: forCustomer,
    msw: { handlers: [customerAnswersHandler, ...pageHandlers()] },
  },
  globals: SMALL_SCREEN,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/^Name of the product or service/)).toBeVisible();
    await waitFor(() =>
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
        document.documentElement.clientWidth,
      ),
    );
  },
};

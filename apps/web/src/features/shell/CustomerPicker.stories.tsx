import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mockOperation } from '@prospecta/api-client/msw';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { pageHandlers, SMALL_SCREEN, TUTORIAL_SEEN } from '../../testing/stories';
import { customerUser, otherCustomerUser, staffUser } from '../../testing/users';
import { CustomerPicker } from './CustomerPicker';

/** Staff at '/' with no customer selected yet (the app's routes, so the shell and the pick's navigation are real). */
const atHome = (preferences: Record<string, string> = TUTORIAL_SEEN): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: ['/'] },
  user: staffUser,
  preferences,
});

const meta = {
  title: 'Screens/Shell/Customer picker (staff)',
  component: CustomerPicker,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: atHome(), msw: { handlers: pageHandlers() } },
} satisfies Meta<typeof CustomerPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

const picker = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByTestId('customer-picker'));

/** The customers (never staff), each with their company; picking one selects it and opens its dashboard. */
export const PickACustomer: Story = {
  // Ends on the same picture as WithASelection: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = await picker(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a customer' })).toBeVisible();
    const list = within(await page.findByRole('list', { name: 'Customers' }));
    await expect(
      list.getByRole('button', { name: new RegExp(customerUser.full_name) }),
    ).toBeVisible();
    await expect(
      list.getByRole('button', { name: new RegExp(otherCustomerUser.full_name) }),
    ).toBeVisible();
    await expect(list.queryByRole('button', { name: new RegExp(staffUser.full_name) })).toBeNull();
    await expect(canvas.queryByTestId('dashboard-page')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Choose a customer · Prospecta'));
    await userEvent.click(list.getByRole('button', { name: new RegExp(customerUser.full_name) }));
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(
        `/users/${customerUser.id}/dashboard`,
      ),
    );
    await expect(
      await canvas.findByText(`You are viewing the data of ${customerUser.full_name}.`),
    ).toBeVisible();
  },
};

export const PickACustomerFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const page = await picker(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Choisir un client' })).toBeVisible();
    await expect(
      page.getByRole('searchbox', { name: 'Rechercher un client par nom ou entreprise' }),
    ).toBeVisible();
    await expect(await page.findByRole('list', { name: 'Clients' })).toBeVisible();
  },
};

/** The search narrows the list by name or company; nothing found says so with the search text. */
export const SearchAndNoMatch: Story = {
  play: async ({ canvasElement }) => {
    const page = await picker(canvasElement);
    await page.findByRole('list', { name: 'Customers' });
    const box = page.getByRole('searchbox', { name: 'Search a customer by name or company' });
    await userEvent.type(box, customerUser.last_name);
    await waitFor(() =>
      expect(
        page.queryByRole('button', { name: new RegExp(otherCustomerUser.full_name) }),
      ).toBeNull(),
    );
    await expect(
      page.getByRole('button', { name: new RegExp(customerUser.full_name) }),
    ).toBeVisible();
    await userEvent.clear(box);
    await userEvent.type(box, 'zzzz');
    await expect(
      await page.findByRole('heading', { name: 'No customer matches “zzzz”.' }),
    ).toBeVisible();
  },
};

/** A customer already selected: '/' is that customer's dashboard, no picker. */
export const WithASelection: Story = {
  parameters: {
    app: atHome({
      ...TUTORIAL_SEEN,
      selectedUser: JSON.stringify({ id: customerUser.id, name: customerUser.full_name }),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('dashboard-page')).toBeVisible();
    await expect(canvas.queryByTestId('customer-picker')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/users/list', async () => {
          await delay('infinite');
          return { status: 200, body: { users: [] } };
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = await picker(canvasElement);
    await expect(page.getByRole('status', { name: 'Loading the customers…' })).toBeVisible();
  },
};

/** The list cannot be loaded: said, with a retry that works once the server answers. */
export const LoadErrorWithRetry: Story = {
  // Ends on the same picture as Screens/Shell/Frame / Staff Unknown User: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  parameters: {
    msw: {
      handlers: (() => {
        let calls = 0;
        return [
          http.get('*/api/users/list', () => (++calls === 1 ? HttpResponse.error() : undefined)),
          ...pageHandlers(),
        ];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const page = await picker(canvasElement);
    await expect(await page.findByRole('alert')).toHaveTextContent(
      'The customers could not be loaded.',
    );
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect(await page.findByRole('list', { name: 'Customers' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/users/list', { status: 200, body: { users: [] } }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await (
        await picker(canvasElement)
      ).findByRole('heading', { name: 'There is no customer yet.' }),
    ).toBeVisible();
  },
};

export const SmallScreen: Story = {
  globals: SMALL_SCREEN,
  play: async ({ canvasElement }) => {
    const page = await picker(canvasElement);
    await expect(await page.findByRole('list', { name: 'Customers' })).toBeVisible();
    await waitFor(() =>
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
        document.documentElement.clientWidth,
      ),
    );
  },
};

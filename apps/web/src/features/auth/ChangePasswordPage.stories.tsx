import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mockOperation } from '@prospecta/api-client/msw';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { scenarioHandlers, SMALL_SCREEN, TUTORIAL_SEEN } from '../../testing/stories';
import { ChangePasswordPage } from './ChangePasswordPage';

const at = (path: string): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [path] },
  user: null,
  preferences: TUTORIAL_SEEN,
});

const meta = {
  title: 'Pages/Auth/Change password (link)',
  component: ChangePasswordPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: at('/change-password?code=valid-code'),
    msw: { handlers: scenarioHandlers() },
  },
} satisfies Meta<typeof ChangePasswordPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const form = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('form', { name: 'Choose a new password' }));
const fill = async (f: ReturnType<typeof within>, password: string, confirmation: string) => {
  if (password)
    await userEvent.type(f.getByLabelText(/^New password/, { selector: 'input' }), password);
  if (confirmation)
    await userEvent.type(
      f.getByLabelText(/^Confirm the new password/, { selector: 'input' }),
      confirmation,
    );
  await userEvent.click(f.getByRole('button', { name: 'Save the new password' }));
};

export const Empty: Story = {};
export const French: Story = { globals: { locale: 'fr' } };
export const SmallScreen: Story = { globals: SMALL_SCREEN };

/** §5: both fields required. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement);
    await fill(f, '', '');
    await expect(await f.findAllByText('Required')).toHaveLength(2);
  },
};

/** §5: 'The passwords do not match' on the confirmation field. */
export const PasswordsDoNotMatch: Story = {
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement);
    await fill(f, 'a-new-password', 'another-password');
    const confirmation = f.getByLabelText(/^Confirm the new password/, { selector: 'input' });
    await waitFor(() =>
      expect(confirmation).toHaveAccessibleDescription('The passwords do not match'),
    );
  },
};

/** §5: the server's per-field errors show beside the fields. */
export const ServerFieldErrors: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/user/reset-change-password', {
          status: 422,
          body: {
            detail: [
              { new_password: 'This password is too short.' },
              { confirm_new_password: 'This password is too common.' },
            ],
          },
        }),
        ...scenarioHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement);
    await fill(f, 'abc', 'abc');
    await expect(await f.findByText('This password is too short.')).toBeVisible();
    await expect(f.getByText('This password is too common.')).toBeVisible();
  },
};

export const Submitting: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/user/reset-change-password', async () => {
          await delay('infinite');
          return { status: 204 };
        }),
        ...scenarioHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement);
    await fill(f, 'a-new-password', 'a-new-password');
    await waitFor(() =>
      expect(f.getByRole('button', { name: 'Save the new password' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** §8 login.success_change_password, with a link to sign in. */
export const Changed: Story = {
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement);
    await fill(f, 'a-new-password', 'a-new-password');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Your password has been changed.',
    );
    await expect(canvas.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

/** An unknown, used or expired code (400): the invalid-link message. */
export const ExpiredLink: Story = {
  parameters: { app: at('/change-password?code=invalid') },
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement);
    await fill(f, 'a-new-password', 'a-new-password');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired.',
    );
  },
};

/** Opened without a code: the invalid-link message straight away. */
export const MissingCode: Story = {
  parameters: { app: at('/change-password') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired.',
    );
    await expect(canvas.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  },
};

/** Any other failure: login.error_change_password. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/user/reset-change-password', {
          status: 429,
          body: { detail: 'Too many requests.' },
        }),
        ...scenarioHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement);
    await fill(f, 'a-new-password', 'a-new-password');
    await expect(await f.findByRole('alert')).toHaveTextContent(
      'The password could not be changed. Please try again.',
    );
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { makeTokenPair } from '@prospecta/api-client/fixtures';
import { mockOperation, profileOf } from '@prospecta/api-client/msw';
import { DEMO_PASSWORD } from '@prospecta/domain/demo';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { pageHandlers, SMALL_SCREEN, TUTORIAL_SEEN } from '../../testing/stories';
import { customerUser } from '../../testing/users';
import { AuthCardsPage } from './AuthCardsPage';

const signedOut = (path: string): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [path] },
  user: null,
  preferences: TUTORIAL_SEEN,
});

const meta = {
  title: 'Screens/Sign-in/Login and reset',
  component: AuthCardsPage,
  args: { face: 'login' },
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: signedOut('/login'),
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof AuthCardsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const loginForm = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('form', { name: 'Sign in' });

/** The login face, empty. */
export const Login: Story = {
  play: async ({ canvasElement }) => {
    const form = within(await loginForm(canvasElement));
    await expect(form.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Forgot your password?' })).toBeEnabled();
  },
};

export const LoginFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('form', { name: 'Connexion' }),
    ).toBeVisible();
  },
};

/** §5: both fields are required; nothing is sent. */
export const LoginRequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const form = within(await loginForm(canvasElement));
    await userEvent.click(form.getByRole('button', { name: 'Sign in' }));
    await expect(await form.findAllByText('Required')).toHaveLength(2);
  },
};

/** A login call that must not leave: the story fails if the form sends it. */
const loginSent = fn();
const refuseLogin = [
  mockOperation('post', '/api/v2/auth/token/get', () => {
    loginSent();
    return { status: 401, body: { detail: 'Invalid credentials.' } };
  }),
  ...pageHandlers(),
];

/** §5: a malformed e-mail is refused before sending, so it never counts as a failed sign-in. */
export const LoginInvalidEmail: Story = {
  parameters: { msw: { handlers: refuseLogin } },
  play: async ({ canvasElement }) => {
    loginSent.mockClear();
    const form = within(await loginForm(canvasElement));
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), 'abc');
    await userEvent.type(form.getByLabelText(/^Password/, { selector: 'input' }), 'a-password');
    await userEvent.click(form.getByRole('button', { name: 'Sign in' }));
    await expect(await form.findByText('The email address does not seem valid.')).toBeVisible();
    await expect(form.queryByTestId('login-error')).not.toBeInTheDocument();
    await expect(loginSent).not.toHaveBeenCalled();
  },
};

export const LoginInvalidEmailFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { msw: { handlers: refuseLogin } },
  play: async ({ canvasElement }) => {
    loginSent.mockClear();
    const form = within(await within(canvasElement).findByRole('form', { name: 'Connexion' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Adresse e-mail' }), 'abc');
    await userEvent.type(form.getByLabelText(/^Mot de passe/, { selector: 'input' }), 'x');
    await userEvent.click(form.getByRole('button', { name: 'Se connecter' }));
    await expect(await form.findByText('L’adresse e-mail ne semble pas valide.')).toBeVisible();
    await expect(loginSent).not.toHaveBeenCalled();
  },
};

/** §8: a wrong password shows 'Invalid Credentials' under the form. */
export const LoginInvalidCredentials: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/auth/token/get', {
          status: 401,
          body: { detail: 'Invalid credentials.' },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const form = within(await loginForm(canvasElement));
    await userEvent.type(
      form.getByRole('textbox', { name: 'E-mail address' }),
      'customer@example.com',
    );
    await userEvent.type(form.getByLabelText(/^Password/, { selector: 'input' }), 'wrong-password');
    await userEvent.click(form.getByRole('button', { name: 'Sign in' }));
    await expect(await form.findByRole('alert')).toHaveTextContent('Invalid Credentials');
  },
};

/** The submit button shows its busy state while the server answers. */
export const LoginSubmitting: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/auth/token/get', async () => {
          await delay('infinite');
          return { status: 401, body: { detail: 'never' } };
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const form = within(await loginForm(canvasElement));
    await userEvent.type(
      form.getByRole('textbox', { name: 'E-mail address' }),
      'customer@example.com',
    );
    await userEvent.type(form.getByLabelText(/^Password/, { selector: 'input' }), DEMO_PASSWORD);
    await userEvent.click(form.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(form.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

/** A successful login lands on the dashboard (/). */
export const LoginSucceeds: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/auth/token/get', {
          status: 200,
          body: { ...makeTokenPair(1), user: profileOf(customerUser) },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await loginForm(canvasElement));
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), customerUser.email);
    await userEvent.type(form.getByLabelText(/^Password/, { selector: 'input' }), DEMO_PASSWORD);
    await userEvent.click(form.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent(/^\/$/));
    await expect(
      await canvas.findByRole('navigation', { name: 'Main navigation' }),
    ).toBeInTheDocument();
  },
};

/** After an expired session, the login page says why. */
export const LoginAfterSessionExpired: Story = {
  parameters: {
    app: { ...signedOut('/login'), sessionView: { status: 'anonymous', reason: 'expired' } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Session expired. Please sign in again.'),
    ).toBeVisible();
  },
};

export const LoginSmallScreen: Story = { globals: SMALL_SCREEN };

/** The reset face of the same card pair; the link flips back to the login face. */
export const ResetPassword: Story = {
  // Ends on the same picture as Login: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  args: { face: 'reset' },
  parameters: { app: signedOut('/reset-password') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Reset your password' }));
    await expect(canvas.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/login'));
    await expect(await canvas.findByRole('form', { name: 'Sign in' })).toBeVisible();
  },
};

/** §5: the reset needs a valid e-mail address. */
export const ResetInvalidEmail: Story = {
  args: { face: 'reset' },
  parameters: { app: signedOut('/reset-password') },
  play: async ({ canvasElement }) => {
    const form = within(
      await within(canvasElement).findByRole('form', { name: 'Reset your password' }),
    );
    await userEvent.click(form.getByRole('button', { name: 'Send the link' }));
    await expect(await form.findByText('Required')).toBeVisible();
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), 'camille@');
    await userEvent.click(form.getByRole('button', { name: 'Send the link' }));
    await expect(await form.findByText('The email address does not seem valid.')).toBeVisible();
  },
};

/** §8 login.success_password_reset. */
export const ResetSent: Story = {
  args: { face: 'reset' },
  parameters: {
    app: signedOut('/reset-password'),
    msw: {
      handlers: [
        mockOperation('post', '/api/user/reset-password', { status: 204 }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const form = within(
      await within(canvasElement).findByRole('form', { name: 'Reset your password' }),
    );
    await userEvent.type(
      form.getByRole('textbox', { name: 'E-mail address' }),
      'customer@example.com',
    );
    await userEvent.click(form.getByRole('button', { name: 'Send the link' }));
    await expect(await form.findByRole('status')).toHaveTextContent(
      'If an account exists for this address',
    );
  },
};

export const ResetTooManyAttempts: Story = {
  args: { face: 'reset' },
  parameters: {
    app: signedOut('/reset-password'),
    msw: {
      handlers: [
        mockOperation('post', '/api/user/reset-password', {
          status: 429,
          body: { detail: 'Too many requests.' },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const form = within(
      await within(canvasElement).findByRole('form', { name: 'Reset your password' }),
    );
    await userEvent.type(
      form.getByRole('textbox', { name: 'E-mail address' }),
      'customer@example.com',
    );
    await userEvent.click(form.getByRole('button', { name: 'Send the link' }));
    await expect(await form.findByRole('alert')).toHaveTextContent('Too many attempts.');
  },
};

export const ResetFrench: Story = {
  args: { face: 'reset' },
  parameters: { app: signedOut('/reset-password') },
  globals: { locale: 'fr' },
};

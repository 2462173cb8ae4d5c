import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mockOperation } from '@prospecta/api-client/msw';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { pageHandlers, SMALL_SCREEN, TUTORIAL_SEEN } from '../../testing/stories';
import { ChangePasswordPage } from './ChangePasswordPage';

const at = (path: string): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [path] },
  user: null,
  preferences: TUTORIAL_SEEN,
});

/** The page's reads, and the link's check answered as for a usable link. */
const linkPageHandlers = () => [
  mockOperation('post', '/api/user/reset-code/check', { status: 204 }),
  ...pageHandlers(),
];

/** The link's check refused: an unknown, used or expired code (400). */
const expiredLinkHandlers = () => [
  mockOperation('post', '/api/user/reset-code/check', {
    status: 400,
    body: { detail: 'This link is invalid or has expired.' },
  }),
  ...pageHandlers(),
];

const meta = {
  title: 'Screens/Sign-in/Change password (link)',
  component: ChangePasswordPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: at('/change-password?code=valid-code'),
    msw: { handlers: linkPageHandlers() },
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

/** A usable link: the form shows once the page has checked it. */
export const Empty: Story = { play: async ({ canvasElement }) => void (await form(canvasElement)) };
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('form', { name: 'Choisir un nouveau mot de passe' }),
    ).toBeVisible();
  },
};
export const SmallScreen: Story = {
  globals: SMALL_SCREEN,
  play: async ({ canvasElement }) => void (await form(canvasElement)),
};

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

/** §5: the server's per-field errors show beside the fields, written by the app from the server's codes. */
const serverFieldErrors = {
  msw: {
    handlers: [
      mockOperation('post', '/api/user/reset-change-password', {
        status: 422,
        body: {
          detail: [
            { new_password: 'password_too_short' },
            { confirm_new_password: 'passwords_do_not_match' },
          ],
        },
      }),
      ...linkPageHandlers(),
    ],
  },
};

export const ServerFieldErrors: Story = {
  parameters: serverFieldErrors,
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement);
    await fill(f, 'abc', 'abc');
    await expect(
      await f.findByText('The password must contain at least 8 characters.'),
    ).toBeVisible();
    await expect(f.getByText('The passwords do not match')).toBeVisible();
  },
};

/** The same errors in French: no English server text inside the French page. */
export const ServerFieldErrorsFrench: Story = {
  parameters: serverFieldErrors,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const f = within(
      await within(canvasElement).findByRole('form', { name: 'Choisir un nouveau mot de passe' }),
    );
    await userEvent.type(f.getByLabelText(/^Nouveau mot de passe/, { selector: 'input' }), 'abc');
    await userEvent.type(
      f.getByLabelText(/^Confirmer le nouveau mot de passe/, { selector: 'input' }),
      'abc',
    );
    await userEvent.click(f.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    await expect(
      await f.findByText('Le mot de passe doit contenir au moins 8 caractères.'),
    ).toBeVisible();
    await expect(f.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
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
        ...linkPageHandlers(),
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
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/user/reset-change-password', { status: 204 }),
        ...linkPageHandlers(),
      ],
    },
  },
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

/** An unknown, used or expired code: the page checks it when it opens and says so, without the form. */
export const ExpiredLink: Story = {
  parameters: {
    app: at('/change-password?code=invalid'),
    msw: { handlers: expiredLinkHandlers() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired.',
    );
    await expect(canvas.queryByRole('form')).not.toBeInTheDocument();
    await expect(canvas.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  },
};

export const ExpiredLinkFrench: Story = {
  globals: { locale: 'fr' },
  parameters: {
    app: at('/change-password?code=invalid'),
    msw: { handlers: expiredLinkHandlers() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Ce lien est invalide ou a expiré.',
    );
    await expect(canvas.queryByRole('form')).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Demander un nouveau lien' })).toBeVisible();
  },
};

/** While the link is checked, the page says so; the form follows for a usable link. */
export const CheckingTheLink: Story = {
  // Its last frame is the form that follows a timed answer: the play function checks both states.
  tags: ['no-visual'],
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/user/reset-code/check', async () => {
          await delay(800);
          return { status: 204 };
        }),
        ...linkPageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The route's own 'Loading…' status may come first: wait for the link's check itself.
    await expect(await canvas.findByText('Checking your link…')).toBeVisible();
    await expect(canvas.queryByRole('form')).not.toBeInTheDocument();
    await form(canvasElement);
  },
};

/** A link that was used or expired after the page opened: the save says so (400), like the check. */
export const LinkExpiresBeforeSaving: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/user/reset-change-password', {
          status: 400,
          body: { detail: 'This link is invalid or has expired.' },
        }),
        ...linkPageHandlers(),
      ],
    },
  },
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
  // Ends on the same picture as ExpiredLink: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
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
        ...linkPageHandlers(),
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

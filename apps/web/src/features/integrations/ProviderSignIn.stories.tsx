import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { EmailAccount } from '@prospecta/api-client';
import { makeEmailAccount } from '@prospecta/api-client/fixtures';
import { mockOperation } from '@prospecta/api-client/msw';
import { pageHandlers } from '../../testing/stories';
import { announceEmailAccountsChanged } from './accountsChannel';
import { IntegrationsTab } from './IntegrationsTab';
import {
  PATH,
  emailTable,
  expectTopCentreToast,
  at,
  integrationsMeta,
  openModal,
  page,
} from '../../testing/integrations';

/** Adding a Google or Microsoft mailbox: the provider sign-in window, and the outcome it sends back to the tab. */
const meta = {
  title: 'Screens/Integrations/Google and Microsoft sign-in',
  component: IntegrationsTab,
  ...integrationsMeta,
  // Storybook copies the comment above into parameters.docs.description, adding a `parameters` key when the
  // literal has none (which would replace the spread one): hence this copy.
  parameters: { ...integrationsMeta.parameters },
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without OAuth configured the server answers oauth_not_available: the modal says so, never a fake success. */
export const GoogleNotConfigured: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/email/{provider}', {
          status: 501,
          body: {
            detail: 'External sign-in is not configured on this server.',
            message: { state_message: 'oauth_not_available' },
          },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const open = spyOn(window, 'open');
    try {
      const modal = await openModal(canvasElement);
      await userEvent.click(modal.getByRole('button', { name: 'Gmail' }));
      const text =
        'Signing in with this provider is not configured on this server. Choose Other and enter your mail servers, or contact us.';
      await expectTopCentreToast(text);
      await expect(await modal.findByTestId('sign-in-failed')).toHaveTextContent(
        `The sign-in with Gmail could not start. ${text}`,
      );
      await expect(open).not.toHaveBeenCalled();
      await expect(modal.getByRole('button', { name: 'Other' })).toBeVisible();
    } finally {
      open.mockRestore();
    }
  },
};

/** A configured server answers the sign-in address: it opens in a new window and the modal closes. */
export const MicrosoftSignInOpens: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/email/{provider}', {
          status: 201,
          body: {
            email_account: makeEmailAccount(2, {
              id: 92,
              account_type: 'MICROSOFT',
              is_valid: false,
              redirect_url: 'https://auth.example.com/microsoft/authorize?state=demo',
            }),
          },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const target = { opener: {} as unknown, location: { href: '' } };
    const open = spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    try {
      const modal = await openModal(canvasElement);
      await userEvent.click(modal.getByRole('button', { name: 'Outlook (Microsoft 365)' }));
      await expect(
        await page().findByText(
          'Finish signing in with Outlook (Microsoft 365) in the new window; the account then appears as valid here.',
        ),
      ).toBeVisible();
      await expect(target.location.href).toBe(
        'https://auth.example.com/microsoft/authorize?state=demo',
      );
      await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    } finally {
      open.mockRestore();
    }
  },
};

/** Whether the sign-in window of SignInFinishedInAnotherWindow has finished (the list's answer follows it). */
let otherWindowFinished = false;

const pendingSignIn: EmailAccount = {
  id: 91,
  name: 'Élodie Lefèvre',
  email: '',
  is_valid: false,
  first_use: true,
  account_type: 'GOOGLE',
  auth_url:
    'https://app.example.com/api/v2/integrations/email/google/authorize?account=91&key=demo-key',
  created_on: '2026-11-23T08:00:00Z',
  signature: '',
  last_error: null,
  last_checked_at: null,
};

/**
 * The window that opened a sign-in (its list shows the account waiting for it): when the sign-in window announces the
 * outcome, this list asks again at once and shows the connected mailbox, without a reload or a focus change.
 */
export const SignInFinishedInAnotherWindow: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/integrations/email', () => ({
          status: 200,
          body: {
            email_accounts_list: [
              otherWindowFinished
                ? {
                    ...pendingSignIn,
                    email: 'elodie.lefevre@gmail.example.com',
                    is_valid: true,
                    auth_url: null,
                  }
                : pendingSignIn,
            ],
          },
        })),
        ...pageHandlers(),
      ],
    },
  },
  beforeEach: () => {
    otherWindowFinished = false;
  },
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    await expect(
      await email.findByText(
        'The sign-in with the provider was not finished: validate the account.',
      ),
    ).toBeVisible();
    // What the sign-in window's Integrations tab sends when it reads connected=1 (another window of the same origin).
    otherWindowFinished = true;
    announceEmailAccountsChanged();
    await expect(await email.findByText('elodie.lefevre@gmail.example.com')).toBeVisible();
    await waitFor(() =>
      expect(within(canvasElement).getByTestId('email-account-state')).toHaveAttribute(
        'data-state',
        'pending',
      ),
    );
    await expect(email.queryByRole('button', { name: /^Validate / })).toBeNull();
  },
};

const shownPath = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('location');

/** connected=1: 'The mailbox is connected.', the list is asked again, the parameter leaves the address. */
export const SignInConnected: Story = {
  parameters: { app: at(`${PATH}?connected=1`) },
  play: async ({ canvasElement }) => {
    await expectTopCentreToast('The mailbox is connected.');
    await waitFor(() => expect(shownPath(canvasElement).textContent).toBe(PATH));
  },
};

/** oauth_error=<code>: that code's §8 text, then the address is clean (a reload does not say it again). */
export const SignInRefused: Story = {
  parameters: { app: at(`${PATH}?oauth_error=oauth_access_denied`) },
  play: async ({ canvasElement }) => {
    await expectTopCentreToast(
      'The sign-in was refused at the provider, so the mailbox is not connected. Validate the account to try again.',
    );
    await waitFor(() => expect(shownPath(canvasElement).textContent).toBe(PATH));
  },
};

export const SignInRefusedFrench: Story = {
  parameters: { app: at(`${PATH}?oauth_error=oauth_access_denied`) },
  globals: { locale: 'fr' },
  play: async () => {
    await expectTopCentreToast(
      'La connexion a été refusée chez le fournisseur : la boîte mail n’est pas connectée. Validez le compte pour réessayer.',
    );
  },
};

/** A code the app has no text for (or a hand-edited address) is the unexpected-error text, never the raw code. */
export const SignInUnknownError: Story = {
  parameters: { app: at(`${PATH}?oauth_error=%3Cscript%3E`) },
  play: async ({ canvasElement }) => {
    await expectTopCentreToast('An unexpected error occurred, please try again.');
    await expect(within(document.body).queryByText('<script>')).toBeNull();
    await waitFor(() => expect(shownPath(canvasElement).textContent).toBe(PATH));
  },
};

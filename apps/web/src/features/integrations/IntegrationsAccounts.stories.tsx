import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { EmailAccount } from '@prospecta/api-client';
import { mockOperation } from '@prospecta/api-client/msw';
import { LINKEDIN_EXTENSION_STORE_URL } from '@prospecta/domain';
import { atWidth, pageHandlers, SMALL_SCREEN, WIDTH_VIEWPORTS } from '../../testing/stories';
import { staffUser } from '../../testing/users';
import { IntegrationsTab } from './IntegrationsTab';
import { PATH, at, emailTable, integrationsMeta, linkedinTable } from '../../testing/integrations';

/** The e-mail and LinkedIn accounts of the Integrations tab: each one valid, pending or in error (and why), on every screen size, loading, empty and failing. */
const meta = {
  title: 'Screens/Integrations/Accounts',
  component: IntegrationsTab,
  ...integrationsMeta,
  // Storybook copies the comment above into parameters.docs.description, adding a `parameters` key when the
  // literal has none (which would replace the spread one): hence this copy.
  parameters: { ...integrationsMeta.parameters },
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** §4: each account shows valid, pending (valid, never used) or error, with why; the right accounts can be validated. */
export const Lists: Story = {
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    await expect(await email.findByText('elodie@boulangerie-lefevre.ch')).toBeVisible();
    const states = within(canvasElement)
      .getAllByTestId('email-account-state')
      .map((s) => s.dataset.state);
    await expect(states).toEqual(['valid', 'error', 'pending', 'valid', 'error']);
    await expect(
      email.getByText('The sign-in with the provider was not finished: validate the account.'),
    ).toBeVisible();
    await expect(
      email.getByText(
        'The mail servers refused this account: add it again with the right settings.',
      ),
    ).toBeVisible();
    await expect(email.getByText('Valid, not used by a campaign yet.')).toBeVisible();
    // Only the invalid non-SMTP account (Google) has a validate button; the invalid OVH (SMTP) account has none.
    await expect(email.getAllByRole('button', { name: /^Validate / })).toHaveLength(1);
    await expect(
      email.getByRole('button', { name: 'Validate elodie.lefevre@gmail.example.com' }),
    ).toBeVisible();
    await expect(email.getByText('SMTP / IMAP')).toBeVisible();

    const linkedin = await linkedinTable(canvasElement);
    // The table shows skeleton rows while it loads: wait for the three accounts (and the header row).
    await waitFor(() => expect(linkedin.getAllByRole('row')).toHaveLength(4));
    await expect(
      within(canvasElement)
        .getAllByTestId('linkedin-account-state')
        .map((s) => s.dataset.state),
    ).toEqual(['valid', 'pending', 'error']);
    // The unused account and the one in error can be validated; the valid, used one cannot.
    await expect(linkedin.getAllByRole('button', { name: /^Validate / })).toHaveLength(2);
    await expect(linkedin.getByText('Not used yet')).toBeVisible();
    const link = within(canvasElement).getByRole('link', {
      name: 'Get the browser extension (opens in a new tab)',
    });
    await expect(link).toHaveAttribute('href', LINKEDIN_EXTENSION_STORE_URL);
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

/** The mailbox watch could not read two mailboxes: each account says why (§8 text) and when it was last read. */
const watchedAccounts = {
  email_accounts_list: [
    {
      id: 71,
      name: 'Ventes',
      email: 'ventes@atelier.example.com',
      is_valid: true,
      first_use: false,
      account_type: 'SMTP',
      auth_url: null,
      created_on: '2026-10-02T08:00:00Z',
      signature: '',
      last_error: 'mail_server_unreachable',
      last_checked_at: '2026-11-23T08:30:00Z',
    },
    {
      id: 72,
      name: 'Direction',
      email: 'direction@atelier.example.com',
      is_valid: false,
      first_use: false,
      account_type: 'OVH_SMTP',
      auth_url: null,
      created_on: '2026-10-05T08:00:00Z',
      signature: '',
      last_error: 'bad_imap_credentials',
      last_checked_at: '2026-11-23T08:31:00Z',
    },
    {
      id: 73,
      name: 'Support',
      email: 'support@atelier.example.com',
      is_valid: true,
      first_use: false,
      account_type: 'SMTP',
      auth_url: null,
      created_on: '2026-10-06T08:00:00Z',
      signature: '',
      last_error: null,
      last_checked_at: '2026-11-23T08:32:00Z',
    },
  ],
} satisfies { email_accounts_list: EmailAccount[] };

export const MailboxWatchFailures: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/integrations/email', { status: 200, body: watchedAccounts }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    await expect(
      await email.findByText(
        'The IMAP server could not be reached. Check the server address, the port and the SSL setting.',
      ),
    ).toBeVisible();
    await expect(
      email.getByText('Incorrect credentials, please check your login information.'),
    ).toBeVisible();
    await expect(email.getByText('Mailbox last read on 23 November 2026 - 09:30.')).toBeVisible();
    await expect(
      within(canvasElement)
        .getAllByTestId('email-account-state')
        .map((s) => s.dataset.state),
    ).toEqual(['valid', 'error', 'valid']);
  },
};

export const MailboxWatchFailuresFrench: Story = {
  ...MailboxWatchFailures,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const email = within(
      await within(canvasElement).findByRole('table', { name: 'Comptes e-mail' }),
    );
    await expect(
      await email.findByText(
        'Le serveur IMAP est injoignable. Vérifiez l’adresse du serveur, le port et le réglage SSL.',
      ),
    ).toBeVisible();
    await expect(
      email.getByText('Boîte de réception lue pour la dernière fois le 23 novembre 2026 - 09:30.'),
    ).toBeVisible();
  },
};

/**
 * Signed-in mailboxes read by the watch with XOAUTH2: Google refused to renew the access (consent withdrawn),
 * so the account is in error, asks to sign in again and its validate button opens the sign-in; Microsoft's sign-in
 * service could not be reached to renew it, so the account stays valid and says so.
 */
const reconnectUrl =
  'https://app.example.com/api/v2/integrations/email/google/authorize?account=81&key=demo-key';

const signedInAccounts = {
  email_accounts_list: [
    {
      id: 81,
      name: 'Élodie Lefèvre',
      email: 'elodie.lefevre@gmail.example.com',
      is_valid: false,
      first_use: false,
      account_type: 'GOOGLE',
      auth_url: reconnectUrl,
      created_on: '2026-09-14T08:00:00Z',
      signature: '',
      last_error: 'oauth_reconnect_required',
      last_checked_at: '2026-11-23T08:30:00Z',
    },
    {
      id: 82,
      name: 'Élodie Lefèvre',
      email: 'e.lefevre@outlook.example.com',
      is_valid: true,
      first_use: false,
      account_type: 'MICROSOFT',
      auth_url: null,
      created_on: '2026-09-20T08:00:00Z',
      signature: '',
      last_error: 'oauth_provider_unreachable',
      last_checked_at: '2026-11-23T08:31:00Z',
    },
  ],
} satisfies { email_accounts_list: EmailAccount[] };

export const SignedInMailboxReconnect: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/integrations/email', { status: 200, body: signedInAccounts }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    await expect(
      await email.findByText(
        'The provider no longer gives access to this mailbox: the access was withdrawn or has expired. Validate the account to sign in again.',
      ),
    ).toBeVisible();
    await expect(
      email.getByText(
        'The sign-in service of this provider could not be reached. Please try again in a few minutes.',
      ),
    ).toBeVisible();
    await expect(
      within(canvasElement)
        .getAllByTestId('email-account-state')
        .map((s) => s.dataset.state),
    ).toEqual(['error', 'valid']);
    // Only the account in error can be validated; its button signs in again in a new window, without an opener.
    await expect(email.getAllByRole('button', { name: /^Validate / })).toHaveLength(1);
    const target = { opener: {} as unknown, location: { href: '' } };
    const open = spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    try {
      await userEvent.click(
        email.getByRole('button', { name: 'Validate elodie.lefevre@gmail.example.com' }),
      );
      await expect(open).toHaveBeenCalledTimes(1);
      await expect(target.location.href).toBe(reconnectUrl);
      await expect(target.opener).toBeNull();
    } finally {
      open.mockRestore();
    }
  },
};

export const SignedInMailboxReconnectFrench: Story = {
  ...SignedInMailboxReconnect,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const email = within(
      await within(canvasElement).findByRole('table', { name: 'Comptes e-mail' }),
    );
    await expect(
      await email.findByText(
        'Le fournisseur ne donne plus accès à cette boîte mail : l’accès a été retiré ou a expiré. Validez le compte pour vous reconnecter.',
      ),
    ).toBeVisible();
    await expect(
      email.getByRole('button', { name: 'Valider elodie.lefevre@gmail.example.com' }),
    ).toBeVisible();
    await expect(
      within(canvasElement)
        .getAllByTestId('email-account-state')
        .map((s) => s.dataset.state),
    ).toEqual(['error', 'valid']);
  },
};

export const ListsFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const email = within(
      await within(canvasElement).findByRole('table', { name: 'Comptes e-mail' }),
    );
    await expect(await email.findAllByText('Valide')).toHaveLength(2);
    await expect(email.getByText('En attente')).toBeVisible();
    await expect(
      email.getByRole('button', { name: 'Valider elodie.lefevre@gmail.example.com' }),
    ).toBeVisible();
    await expect(
      within(canvasElement).getByRole('button', { name: 'Ajouter un compte e-mail' }),
    ).toBeVisible();
    await expect(
      within(canvasElement).getByRole('link', { name: /Obtenir l’extension du navigateur/ }),
    ).toBeVisible();
  },
};

export const ListsSmallScreen: Story = {
  globals: SMALL_SCREEN,
  play: async ({ canvasElement }) => {
    // Stacked accounts: nothing scrolls sideways on a phone.
    await emailTable(canvasElement);
    await waitFor(() =>
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
        document.documentElement.clientWidth,
      ),
    );
  },
};

/** 1024 px beside the sidebar: both tables fit their card, the state column and its reasons stay in view. */
const fitsAt1024 = async (canvasElement: HTMLElement) => {
  await within(canvasElement).findAllByTestId('email-account-state');
  for (const name of [
    /^E-mail accounts$|^Comptes e-mail$/,
    /^LinkedIn accounts$|^Comptes LinkedIn$/,
  ]) {
    const table = await within(canvasElement).findByRole('table', { name });
    const card = table.parentElement as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  }
  for (const state of within(canvasElement).getAllByTestId(/-account-state$/)) {
    await expect(state.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  }
};

export const ListsAt1024: Story = {
  parameters: { viewport: WIDTH_VIEWPORTS },
  globals: atWidth(1024),
  play: async ({ canvasElement }) => fitsAt1024(canvasElement),
};

export const ListsAt1024French: Story = {
  parameters: { viewport: WIDTH_VIEWPORTS },
  globals: { ...atWidth(1024), locale: 'fr' },
  play: async ({ canvasElement }) => fitsAt1024(canvasElement),
};

/** Staff viewing a customer see the customer's accounts (the calls carry user_id). */
export const StaffViewingCustomer: Story = {
  parameters: { app: at(PATH, staffUser) },
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    await expect(await email.findByText('elodie@boulangerie-lefevre.ch')).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/integrations/email', {
          status: 200,
          body: { email_accounts_list: [] },
        }),
        mockOperation('get', '/api/v2/integrations/linkedin', {
          status: 200,
          body: { linkedin_accounts_list: [] },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No e-mail account yet')).toBeVisible();
    await expect(await canvas.findByText('No LinkedIn account yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add an email account' })).toBeEnabled();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v2/integrations/email', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
        http.get('*/api/v2/integrations/linkedin', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const email = within(canvasElement).findByRole('table', { name: 'E-mail accounts' });
    await expect(await email).toHaveAttribute('aria-busy', 'true');
  },
};

/** A list that cannot be loaded says so; 'Try again' loads it. */
export const LoadErrorWithRetry: Story = {
  // Ends on the same picture as Lists: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  parameters: {
    msw: {
      handlers: [
        mockOperation(
          'get',
          '/api/v2/integrations/email',
          { status: 403, body: { detail: 'Forbidden.' } },
          { once: true },
        ),
        mockOperation(
          'get',
          '/api/v2/integrations/linkedin',
          { status: 403, body: { detail: 'Forbidden.' } },
          { once: true },
        ),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The e-mail accounts could not be loaded.')).toBeVisible();
    await expect(
      await canvas.findByText('The LinkedIn accounts could not be loaded.'),
    ).toBeVisible();
    const email = within(canvas.getByTestId('email-accounts'));
    await userEvent.click(email.getByRole('button', { name: 'Try again' }));
    await expect(await email.findByText('elodie@boulangerie-lefevre.ch')).toBeVisible();
  },
};

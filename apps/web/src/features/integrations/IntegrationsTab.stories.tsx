import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { EmailAccount } from '@prospecta/api-client';
import { createScenario } from '@prospecta/api-client/fixtures';
import { createScenarioHandlers, mockOperation } from '@prospecta/api-client/msw';
import { canUserSet, LINKEDIN_EXTENSION_STORE_URL } from '@prospecta/domain';
import { toast } from '@prospecta/ui';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import {
  atWidth,
  scenarioHandlers,
  SMALL_SCREEN,
  TUTORIAL_SEEN,
  WIDTH_VIEWPORTS,
} from '../../testing/stories';
import { customerUser, staffUser } from '../../testing/users';
import { announceEmailAccountsChanged } from './accountsChannel';
import { IntegrationsTab } from './IntegrationsTab';

const PATH = `/users/${customerUser.id}/user/integrations`;
const at = (path: string, user = customerUser): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [path] },
  user,
  preferences: TUTORIAL_SEEN,
});

const meta = {
  title: 'Pages/User/Integrations',
  component: IntegrationsTab,
  decorators: [withApp],
  // Toasts live in a module-wide store: clear the previous story's, so that each story sees only its own.
  beforeEach: async () => {
    toast.dismiss();
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0));
  },
  parameters: {
    layout: 'fullscreen',
    app: at(PATH),
    msw: { handlers: scenarioHandlers() },
  },
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

const emailTable = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('table', { name: 'E-mail accounts' }));
const linkedinTable = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('table', { name: 'LinkedIn accounts' }));

/** Opens the modal and returns it. */
async function openModal(canvasElement: HTMLElement) {
  await userEvent.click(
    await within(canvasElement).findByRole('button', { name: 'Add an email account' }),
  );
  return within(await page().findByRole('dialog', { name: 'Add an email account' }));
}

/** Opens the modal, picks a provider and returns the form. */
async function openForm(canvasElement: HTMLElement, provider: string, formName: string) {
  const modal = await openModal(canvasElement);
  await userEvent.click(modal.getByRole('button', { name: provider }));
  return within(await modal.findByRole('form', { name: formName }));
}

const field = (form: ReturnType<typeof within>, label: RegExp) =>
  form.getByLabelText(label, { selector: 'input' });

/** Fills the 'Other' form with a complete, valid account and submits it. */
async function submitOther(canvasElement: HTMLElement, password = 'a-good-password') {
  const form = await openForm(canvasElement, 'Other', 'Your Other mailbox');
  await userEvent.type(field(form, /^E-mail address/), 'ventes@atelier.example.com');
  await userEvent.type(field(form, /^Password/), password);
  await userEvent.type(field(form, /^SMTP server/), 'smtp.atelier.example.com');
  await userEvent.type(field(form, /^IMAP server/), 'imap.atelier.example.com');
  await userEvent.click(form.getByRole('button', { name: 'Add the account' }));
  return form;
}

/** A §8 toast, top centre. */
async function expectTopCentreToast(text: string) {
  // The same text is repeated in the form (and may be a list's reason): take the one in a toast.
  const shown = await waitFor(() => {
    const inToast = page()
      .getAllByText(text)
      .find((element) => element.closest('[data-sonner-toast]') !== null);
    if (!inToast) throw new Error(`no toast says "${text}"`);
    return inToast;
  });
  await expect(shown).toBeVisible();
  await expect(shown.closest('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'center');
  await expect(shown.closest('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
}

const smtpFailure = (
  status: 400 | 409 | 422,
  state_message:
    | 'bad_imap_credentials'
    | 'bad_smtp_credentials'
    | 'inactive_email_account_already_exists'
    | 'email_account_already_exists'
    | 'number_of_smtp_accounts_reached'
    | 'mail_server_unreachable'
    | 'mail_server_tls_mismatch'
    | 'mail_server_certificate_refused'
    | 'unexpected_error',
  server?: 'imap' | 'smtp',
) =>
  ({
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/email/smtp', {
          status,
          body: {
            detail: 'Refused by the server.',
            message: server ? { state_message, server } : { state_message },
          },
        }),
        ...scenarioHandlers(),
      ],
    },
  }) as const;

/** A §8 error story: the 'Other' form is submitted, the server refuses, the toast says why, the values stay. */
const errorStory = (parameters: ReturnType<typeof smtpFailure>, text: string): Story => ({
  parameters,
  play: async ({ canvasElement }) => {
    const form = await submitOther(canvasElement);
    await expectTopCentreToast(text);
    // Repeated in the form, for screen readers (the toast region is hidden from them while the modal is open).
    await expect(form.getByRole('alert')).toHaveTextContent(text);
    await expect(field(form, /^E-mail address/)).toHaveValue('ventes@atelier.example.com');
    await expect(field(form, /^SMTP server/)).toHaveValue('smtp.atelier.example.com');
    await expect(form.getByRole('button', { name: 'Add the account' })).toBeEnabled();
  },
});

// ── the lists ──

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
    await expect(linkedin.getAllByRole('button', { name: /^Validate / })).toHaveLength(1);
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
        ...scenarioHandlers(),
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
        "Le serveur IMAP est injoignable. Vérifiez l'adresse du serveur, le port et le réglage SSL.",
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
        ...scenarioHandlers(),
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
        "Le fournisseur ne donne plus accès à cette boîte mail : l'accès a été retiré ou a expiré. Validez le compte pour vous reconnecter.",
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
      within(canvasElement).getByRole('link', { name: /Obtenir l'extension du navigateur/ }),
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
        ...scenarioHandlers(),
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
        ...scenarioHandlers(),
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
        ...scenarioHandlers(),
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

/** §4: the validate button of an invalid non-SMTP account opens its auth_url in a new window. */
export const ValidateEmailAccount: Story = {
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    const target = { opener: {} as unknown, location: { href: '' } };
    const open = spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    try {
      await userEvent.click(
        await email.findByRole('button', { name: 'Validate elodie.lefevre@gmail.example.com' }),
      );
      await expect(open).toHaveBeenCalledTimes(1);
      await expect(target.location.href).toBe('https://auth.example.com/google/consent');
      await expect(target.opener).toBeNull();
    } finally {
      open.mockRestore();
    }
  },
};

/** A blocked pop-up is told, never silent. */
export const ValidateEmailAccountPopupBlocked: Story = {
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    const open = spyOn(window, 'open').mockReturnValue(null);
    try {
      await userEvent.click(
        await email.findByRole('button', { name: 'Validate elodie.lefevre@gmail.example.com' }),
      );
      await expectTopCentreToast(
        'Your browser blocked the new window. Allow pop-ups for this site, then try again.',
      );
    } finally {
      open.mockRestore();
    }
  },
};

// ── LinkedIn validation ──

/** §4/§7: an unused LinkedIn account is validated with its session cookie; it then shows as valid. */
export const ValidateLinkedinAccount: Story = {
  // The click scrolls the page to the button, by an amount that varies with the run: no stable picture to compare
  // (the play function still checks the toast and the new state).
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const linkedin = await linkedinTable(canvasElement);
    const button = (
      await linkedin.findAllByRole('button', { name: /^Validate / })
    )[0] as HTMLElement;
    await userEvent.click(button);
    const dialog = within(
      await page().findByRole('dialog', { name: /^Validate the LinkedIn account / }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Validate' }));
    await expect(await dialog.findByText('Required')).toBeVisible();
    await userEvent.type(
      dialog.getByLabelText(/^Session cookie/, { selector: 'input' }),
      'AQEDAR-session-cookie-1234',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Validate' }));
    await expect(await page().findByText(/^The LinkedIn account .* is validated\.$/)).toBeVisible();
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(canvasElement)
          .getAllByTestId('linkedin-account-state')
          .map((s) => s.dataset.state),
      ).toEqual(['valid', 'valid', 'error']),
    );
  },
};

/** A refused LinkedIn validation is logged and told; the dialog stays with what was pasted. */
export const ValidateLinkedinAccountFails: Story = {
  // Same scroll to the clicked button as ValidateLinkedinAccount: no stable picture (the play function checks the toast).
  tags: ['no-visual'],
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/linkedin/connection', {
          status: 404,
          body: { detail: 'Not found.' },
        }),
        ...scenarioHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const linkedin = await linkedinTable(canvasElement);
    await userEvent.click(
      (await linkedin.findAllByRole('button', { name: /^Validate / }))[0] as HTMLElement,
    );
    const dialog = within(
      await page().findByRole('dialog', { name: /^Validate the LinkedIn account / }),
    );
    const input = dialog.getByLabelText(/^Session cookie/, { selector: 'input' });
    await userEvent.type(input, 'AQEDAR-session-cookie-1234');
    await userEvent.click(dialog.getByRole('button', { name: 'Validate' }));
    await expectTopCentreToast('The LinkedIn account could not be validated. Please try again.');
    await expect(input).toHaveValue('AQEDAR-session-cookie-1234');
  },
};

// ── the 'Add an email account' modal ──

/** §2: the providers, in a modal 620 to 1200 px wide (§9). */
export const ModalProviders: Story = {
  play: async ({ canvasElement }) => {
    const modal = await openModal(canvasElement);
    const providers = within(
      modal.getByRole('list', { name: 'Choose the provider of your mailbox.' }),
    );
    await expect(
      providers
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-describedby') && b.firstElementChild?.textContent),
    ).toEqual([
      'Infomaniak',
      'Infomaniak Classique',
      'Infomaniak Pro',
      'Gmail',
      'Outlook (Microsoft 365)',
      'Other',
    ]);
    const width = (await page().findByRole('dialog')).getBoundingClientRect().width;
    await expect(width).toBeGreaterThanOrEqual(620);
    await expect(width).toBeLessThanOrEqual(1200);
  },
};

export const ModalProvidersFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Ajouter un compte e-mail' }),
    );
    const modal = within(await page().findByRole('dialog', { name: 'Ajouter un compte e-mail' }));
    await expect(modal.getByRole('button', { name: 'Autre' })).toBeVisible();
  },
};

/** The three hosted-mail entries open the short form (e-mail and password) on the first hosted preset. */
const hostedProvider = (provider: string): Story => ({
  play: async ({ canvasElement }) => {
    const form = await openForm(canvasElement, provider, `Your ${provider} mailbox`);
    await expect(field(form, /^E-mail address/)).toBeVisible();
    await expect(field(form, /^Password/)).toBeVisible();
    await expect(form.queryByLabelText(/^SMTP server/)).toBeNull();
  },
});
export const ModalInfomaniak = hostedProvider('Infomaniak');
export const ModalInfomaniakClassique = hostedProvider('Infomaniak Classique');
export const ModalInfomaniakPro = hostedProvider('Infomaniak Pro');

/** 'Other' shows the servers, prefilled from the empty preset: ports 465 and 993 (§9), SSL off. */
export const ModalOther: Story = {
  play: async ({ canvasElement }) => {
    const form = await openForm(canvasElement, 'Other', 'Your Other mailbox');
    await expect(field(form, /^SMTP server/)).toHaveValue('');
    await expect(field(form, /^SMTP port/)).toHaveValue('465');
    await expect(field(form, /^IMAP port/)).toHaveValue('993');
    await expect(form.getByRole('checkbox', { name: 'SMTP with SSL' })).not.toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'IMAP with SSL' })).not.toBeChecked();
  },
};

export const ModalOtherFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Ajouter un compte e-mail' }),
    );
    const modal = within(await page().findByRole('dialog', { name: 'Ajouter un compte e-mail' }));
    await userEvent.click(modal.getByRole('button', { name: 'Autre' }));
    const form = within(await modal.findByRole('form', { name: 'Votre boîte mail Autre' }));
    await userEvent.click(form.getByRole('button', { name: 'Ajouter le compte' }));
    await expect(await form.findAllByText('Requis')).toHaveLength(4);
  },
};

/** §5: e-mail, password and both hosts required. */
export const ModalRequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const form = await openForm(canvasElement, 'Other', 'Your Other mailbox');
    await userEvent.click(form.getByRole('button', { name: 'Add the account' }));
    await expect(await form.findAllByText('Required')).toHaveLength(4);
    await expect(field(form, /^E-mail address/)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** §5: the e-mail must be valid; the ports integers of at least 1. */
export const ModalInvalidEmailAndPorts: Story = {
  tags: ['no-visual'], // ends right after a typing sequence: its last frame varies between runs; play asserts
  play: async ({ canvasElement }) => {
    const form = await openForm(canvasElement, 'Other', 'Your Other mailbox');
    await userEvent.type(field(form, /^E-mail address/), 'not-an-address');
    await userEvent.clear(field(form, /^SMTP port/));
    await userEvent.type(field(form, /^SMTP port/), '0');
    await userEvent.clear(field(form, /^IMAP port/));
    await userEvent.type(field(form, /^IMAP port/), '99.5');
    await userEvent.click(form.getByRole('button', { name: 'Add the account' }));
    await expect(await form.findByText('The email address does not seem valid.')).toBeVisible();
    await expect(form.getAllByText('The port must be a whole number of at least 1.')).toHaveLength(
      2,
    );
  },
};

/** A good account: 'Saved', the modal closes and the list shows the new account (refreshed after the attempt). */
export const ModalSaved: Story = {
  play: async ({ canvasElement }) => {
    await submitOther(canvasElement);
    await expectTopCentreToast('Saved');
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    const email = await emailTable(canvasElement);
    await expect(await email.findByText('ventes@atelier.example.com')).toBeVisible();
  },
};

/** What the last 'Add' sent (read by ModalHostedPresetPayload). */
const sentPayloads: unknown[] = [];

/** The hosted entries send the first hosted preset's servers with ssl (§7: true → ssl). */
export const ModalHostedPresetPayload: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/email/smtp', async ({ json }) => {
          sentPayloads.push(await json());
          return {
            status: 400,
            body: {
              detail: 'IMAP login failed.',
              message: { state_message: 'bad_imap_credentials' as const, server: 'imap' as const },
            },
          };
        }),
        ...scenarioHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    sentPayloads.length = 0;
    const form = await openForm(canvasElement, 'Infomaniak Pro', 'Your Infomaniak Pro mailbox');
    await userEvent.type(field(form, /^E-mail address/), 'elodie@boulangerie.example.ch');
    await userEvent.type(field(form, /^Password/), 'secret');
    await userEvent.click(form.getByRole('button', { name: 'Add the account' }));
    await expectTopCentreToast('Incorrect credentials, please check your login information.');
    await expect(sentPayloads).toEqual([
      {
        email: 'elodie@boulangerie.example.ch',
        password: 'secret',
        smtp_host: 'mail.infomaniak.com',
        smtp_port: 465,
        smtp_secure: 'ssl',
        imap_host: 'mail.infomaniak.com',
        imap_port: 993,
        imap_secure: 'ssl',
      },
    ]);
  },
};

// ── §8 errors ──

export const ErrorBadImapCredentials = errorStory(
  smtpFailure(400, 'bad_imap_credentials', 'imap'),
  'Incorrect credentials, please check your login information.',
);
export const ErrorBadSmtpCredentials = errorStory(
  smtpFailure(400, 'bad_smtp_credentials', 'smtp'),
  'The outgoing mail server (SMTP) refused these credentials, please check your login information.',
);
export const ErrorInactiveAccountExists = errorStory(
  smtpFailure(409, 'inactive_email_account_already_exists'),
  'An inactive email account already exists for this provider. Please confirm it before adding a new one.',
);
export const ErrorAccountAlreadyConnected = errorStory(
  smtpFailure(409, 'email_account_already_exists'),
  'This email account is already connected.',
);
export const ErrorSmtpAccountLimit = errorStory(
  smtpFailure(422, 'number_of_smtp_accounts_reached'),
  'You have reached the maximum number of SMTP accounts allowed for your plan.',
);
export const ErrorServerUnreachable = errorStory(
  smtpFailure(400, 'mail_server_unreachable', 'imap'),
  'The IMAP server could not be reached. Check the server address, the port and the SSL setting.',
);
export const ErrorTlsMismatch = errorStory(
  smtpFailure(400, 'mail_server_tls_mismatch', 'smtp'),
  'The SMTP server answered, but not with the SSL setting you chose. Check the SSL setting and the port.',
);
export const ErrorCertificateRefused = errorStory(
  smtpFailure(400, 'mail_server_certificate_refused', 'imap'),
  'The certificate of the IMAP server is not trusted. Check the server address with your e-mail provider.',
);
export const ErrorUnexpected = errorStory(
  smtpFailure(400, 'unexpected_error'),
  'An unexpected error occurred, please try again.',
);

/** §8: a state_message without a text falls back to the detail when a text matches it. */
export const ErrorDetailFallback: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/v2/integrations/email/smtp', () =>
          HttpResponse.json(
            {
              detail: 'number_of_smtp_accounts_reached',
              message: { state_message: 'plan_exceeded' },
            },
            { status: 422 },
          ),
        ),
        ...scenarioHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await submitOther(canvasElement);
    await expectTopCentreToast(
      'You have reached the maximum number of SMTP accounts allowed for your plan.',
    );
  },
};

/** The same §8 error in French. */
export const ErrorServerUnreachableFrench: Story = {
  parameters: smtpFailure(400, 'mail_server_unreachable', 'smtp'),
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Ajouter un compte e-mail' }),
    );
    const modal = within(await page().findByRole('dialog', { name: 'Ajouter un compte e-mail' }));
    await userEvent.click(modal.getByRole('button', { name: 'Autre' }));
    const form = within(await modal.findByRole('form', { name: 'Votre boîte mail Autre' }));
    await userEvent.type(field(form, /^Adresse e-mail/), 'ventes@atelier.example.com');
    await userEvent.type(field(form, /^Mot de passe/), 'secret');
    await userEvent.type(field(form, /^Serveur SMTP/), 'smtp.atelier.example.com');
    await userEvent.type(field(form, /^Serveur IMAP/), 'imap.atelier.example.com');
    await userEvent.click(form.getByRole('button', { name: 'Ajouter le compte' }));
    await expectTopCentreToast(
      "Le serveur SMTP est injoignable. Vérifiez l'adresse du serveur, le port et le réglage SSL.",
    );
  },
};

/** The wrong password of the scenario: the real handlers answer bad_imap_credentials, and the list is refreshed. */
export const ErrorWrongPasswordKeepsValues: Story = {
  play: async ({ canvasElement }) => {
    const form = await submitOther(canvasElement, 'wrong-password');
    await expectTopCentreToast('Incorrect credentials, please check your login information.');
    await expect(field(form, /^Password/)).toHaveValue('wrong-password');
    await expect(page().getByRole('dialog', { name: 'Add an email account' })).toBeVisible();
  },
};

// ── the two large providers ──

/** Without OAuth configured the server answers oauth_not_available: the modal says so, never a fake success. */
export const GoogleNotConfigured: Story = {
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
      handlers: createScenarioHandlers(createScenario(), { canUserSet, oauthAvailable: true })
        .handlers,
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

// ── The end of a Google or Microsoft sign-in: the callback sends the window here with the outcome ──

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
        ...scenarioHandlers(),
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
      "La connexion a été refusée chez le fournisseur : la boîte mail n'est pas connectée. Validez le compte pour réessayer.",
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

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createScenario, fixtureDate, makeEmailAccount } from '@prospecta/api-client/fixtures';
import { mockOperation } from '@prospecta/api-client/msw';
import { pageHandlers } from '../../testing/stories';
import { IntegrationsTab } from './IntegrationsTab';
import {
  emailTable,
  expectTopCentreToast,
  field,
  integrationsMeta,
  openForm,
  openModal,
  page,
  submitOther,
} from '../../testing/integrations';

/** The 'Add an email account' modal: the providers, the hosted and 'Other' forms, their validation and a saved account. */
const meta = {
  title: 'Screens/Integrations/Add an email account',
  component: IntegrationsTab,
  ...integrationsMeta,
  // Storybook copies the comment above into parameters.docs.description, adding a `parameters` key when the
  // literal has none (which would replace the spread one): hence this copy.
  parameters: { ...integrationsMeta.parameters },
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

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

/**
 * The three hosted-mail entries open the short form (e-mail and password) on the first hosted preset; its visible
 * heading names the provider picked, since the three forms look alike otherwise.
 */
const hostedProvider = (provider: string): Story => ({
  play: async ({ canvasElement }) => {
    const form = await openForm(canvasElement, provider, `Your ${provider} mailbox`);
    await expect(
      form.getByRole('heading', { level: 3, name: `Your ${provider} mailbox` }),
    ).toBeVisible();
    await expect(field(form, /^E-mail address/)).toBeVisible();
    await expect(field(form, /^Password/)).toBeVisible();
    await expect(form.queryByLabelText(/^SMTP server/)).toBeNull();
  },
});

export const ModalInfomaniak = hostedProvider('Infomaniak');

// The three hosted entries end on the same picture: ModalInfomaniak's baseline guards them; their plays still run.
export const ModalInfomaniakClassique: Story = {
  ...hostedProvider('Infomaniak Classique'),
  tags: ['no-visual'],
};

export const ModalInfomaniakPro: Story = {
  ...hostedProvider('Infomaniak Pro'),
  tags: ['no-visual'],
};

export const ModalInfomaniakClassiqueFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Ajouter un compte e-mail' }),
    );
    const modal = within(await page().findByRole('dialog', { name: 'Ajouter un compte e-mail' }));
    await userEvent.click(modal.getByRole('button', { name: /^Infomaniak Classique/ }));
    await expect(
      await modal.findByRole('heading', {
        level: 3,
        name: 'Votre boîte mail Infomaniak Classique',
      }),
    ).toBeVisible();
  },
};

/** 'Other' shows the servers, prefilled from the empty preset: ports 465 and 993 (§9), SSL off. */
export const ModalOther: Story = {
  play: async ({ canvasElement }) => {
    const form = await openForm(canvasElement, 'Other', 'Your mailbox at another provider');
    await expect(
      form.getByRole('heading', { level: 3, name: 'Your mailbox at another provider' }),
    ).toBeVisible();
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
    const form = within(
      await modal.findByRole('form', { name: 'Votre boîte mail chez un autre fournisseur' }),
    );
    await userEvent.click(form.getByRole('button', { name: 'Ajouter le compte' }));
    await expect(await form.findAllByText('Requis')).toHaveLength(4);
  },
};

/** §5: e-mail, password and both hosts required. */
export const ModalRequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const form = await openForm(canvasElement, 'Other', 'Your mailbox at another provider');
    await userEvent.click(form.getByRole('button', { name: 'Add the account' }));
    await expect(await form.findAllByText('Required')).toHaveLength(4);
    await expect(field(form, /^E-mail address/)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** §5: the e-mail must be valid; the ports integers of at least 1. */
export const ModalInvalidEmailAndPorts: Story = {
  tags: ['no-visual'], // ends right after a typing sequence: its last frame varies between runs; play asserts
  play: async ({ canvasElement }) => {
    const form = await openForm(canvasElement, 'Other', 'Your mailbox at another provider');
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
  parameters: { msw: { handlers: savedAccountHandlers() } },
  play: async ({ canvasElement }) => {
    await submitOther(canvasElement);
    await expectTopCentreToast('Saved');
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    const email = await emailTable(canvasElement);
    await expect(await email.findByText('ventes@atelier.example.com')).toBeVisible();
  },
};

/** The server adds the account: its answer, then the list with it. */
function savedAccountHandlers() {
  const accounts = createScenario().emailAccounts;
  return [
    mockOperation('post', '/api/v2/integrations/email/smtp', async ({ json }) => {
      const { email } = await json();
      const account = makeEmailAccount(3, {
        id: 100_000,
        name: email.split('@')[0] ?? email,
        email,
        is_valid: true,
        first_use: true,
        account_type: 'SMTP',
        auth_url: null,
        created_on: fixtureDate(24 * 7),
      });
      accounts.push(account);
      return { status: 201, body: { email_account: account } };
    }),
    mockOperation('get', '/api/v2/integrations/email', () => ({
      status: 200,
      body: { email_accounts_list: accounts },
    })),
    ...pageHandlers(),
  ];
}

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
        ...pageHandlers(),
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

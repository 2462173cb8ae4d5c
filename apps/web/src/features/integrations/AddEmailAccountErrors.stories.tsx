import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { mockOperation } from '@prospecta/api-client/msw';
import { pageHandlers } from '../../testing/stories';
import { IntegrationsTab } from './IntegrationsTab';
import {
  expectTopCentreToast,
  field,
  integrationsMeta,
  page,
  submitOther,
} from '../../testing/integrations';

/** An account the server refuses: the toast says why, the form repeats it and keeps what was typed. */
const meta = {
  title: 'Screens/Integrations/Add an email account refused',
  component: IntegrationsTab,
  ...integrationsMeta,
  // Storybook copies the comment above into parameters.docs.description, adding a `parameters` key when the
  // literal has none (which would replace the spread one): hence this copy.
  parameters: { ...integrationsMeta.parameters },
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

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
        ...pageHandlers(),
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
  // Ends on the same picture as ErrorSmtpAccountLimit: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
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
        ...pageHandlers(),
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
    const form = within(
      await modal.findByRole('form', { name: 'Votre boîte mail chez un autre fournisseur' }),
    );
    await userEvent.type(field(form, /^Adresse e-mail/), 'ventes@atelier.example.com');
    await userEvent.type(field(form, /^Mot de passe/), 'secret');
    await userEvent.type(field(form, /^Serveur SMTP/), 'smtp.atelier.example.com');
    await userEvent.type(field(form, /^Serveur IMAP/), 'imap.atelier.example.com');
    await userEvent.click(form.getByRole('button', { name: 'Ajouter le compte' }));
    await expectTopCentreToast(
      'Le serveur SMTP est injoignable. Vérifiez l’adresse du serveur, le port et le réglage SSL.',
    );
  },
};

/** The wrong password of the scenario: the real handlers answer bad_imap_credentials, and the list is refreshed. */
export const ErrorWrongPasswordKeepsValues: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/email/smtp', {
          status: 400,
          body: {
            detail: 'IMAP login failed.',
            message: { state_message: 'bad_imap_credentials' },
          },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const form = await submitOther(canvasElement, 'wrong-password');
    await expectTopCentreToast('Incorrect credentials, please check your login information.');
    await expect(field(form, /^Password/)).toHaveValue('wrong-password');
    await expect(page().getByRole('dialog', { name: 'Add an email account' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import type { EmailAccount } from '@prospecta/api-client';
import { detail, mockOperation } from '@prospecta/api-client/msw';
import { makeEmailAccount } from '@prospecta/api-client/fixtures';
import { pageHandlers } from '../../testing/stories';
import { emailTable, integrationsMeta } from '../../testing/integrations';
import { IntegrationsTab } from './IntegrationsTab';

/** Mailboxes the engine paused (decision 0175): each row says why, and 'Resume sending' sends from it again. */
const meta = {
  title: 'Screens/Integrations/Paused mailbox',
  component: IntegrationsTab,
  ...integrationsMeta,
  parameters: { ...integrationsMeta.parameters },
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

const PAUSED_AT = '2026-11-20T08:00:00.000Z';
const paused: EmailAccount[] = [
  makeEmailAccount(1, {
    sending_paused_reason: 'credentials_refused',
    sending_paused_at: PAUSED_AT,
  }),
  makeEmailAccount(2, { sending_paused_reason: 'too_many_errors', sending_paused_at: PAUSED_AT }),
  makeEmailAccount(3, { sending_paused_reason: 'bounce_rate', sending_paused_at: PAUSED_AT }),
];
const list = { email_accounts_list: paused };

/** Each paused mailbox says, in one sentence, why the campaigns no longer send from it. */
export const EachReason: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/integrations/email', { status: 200, body: list }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    const notes = await email.findAllByTestId('email-account-paused');
    await expect(notes.map((n) => n.textContent)).toEqual([
      'The campaigns no longer send from this mailbox: its server refused the sign-in. Fix it, then resume sending.',
      'The campaigns no longer send from this mailbox: too many sends failed in a row. Check the mailbox, then resume sending.',
      'The campaigns no longer send from this mailbox: too many of its last e-mails bounced. Check the prospects’ addresses, then resume sending.',
    ]);
    await expect(email.getAllByRole('button', { name: /^Resume sending from / })).toHaveLength(3);
  },
};

/** The same in French, with French typography. */
export const EachReasonFrench: Story = {
  ...EachReason,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const email = within(
      await within(canvasElement).findByRole('table', { name: 'Comptes e-mail' }),
    );
    const notes = await email.findAllByTestId('email-account-paused');
    await expect(notes[2]?.textContent).toBe(
      'Les campagnes n’envoient plus depuis cette boîte\u00a0: trop de ses derniers e-mails sont revenus en erreur. Vérifiez les adresses des prospects, puis reprenez l’envoi.',
    );
    await expect(email.getAllByRole('button', { name: /^Reprendre l’envoi depuis / })).toHaveLength(
      3,
    );
  },
};

/** 'Resume sending': the server clears the pause, the row reads again without it, and a toast says so. */
export const Resumes: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/email/{accountId}/resume-sending', async () => {
          await delay(100);
          return {
            status: 200,
            body: { ...paused[2]!, sending_paused_reason: null, sending_paused_at: null },
          };
        }),
        mockOperation(
          'get',
          '/api/v2/integrations/email',
          { status: 200, body: { email_accounts_list: [paused[2]!] } },
          { once: true },
        ),
        mockOperation('get', '/api/v2/integrations/email', {
          status: 200,
          body: {
            email_accounts_list: [
              { ...paused[2]!, sending_paused_reason: null, sending_paused_at: null },
            ],
          },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    await userEvent.click(await email.findByRole('button', { name: /^Resume sending from / }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(
      await page.findByText(`The campaigns send from ${paused[2]!.email} again.`),
    ).toBeInTheDocument();
    await expect(email.queryByTestId('email-account-paused')).not.toBeInTheDocument();
  },
};

/** A refused resume says so and leaves the pause shown. */
export const ResumeFails: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/email/{accountId}/resume-sending', {
          status: 404,
          body: detail('Not found.'),
        }),
        mockOperation('get', '/api/v2/integrations/email', {
          status: 200,
          body: { email_accounts_list: [paused[0]!] },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    await userEvent.click(await email.findByRole('button', { name: /^Resume sending from / }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(
      await page.findByText(`Sending from ${paused[0]!.email} could not be resumed. Try again.`),
    ).toBeInTheDocument();
    await expect(email.getByTestId('email-account-paused')).toBeInTheDocument();
  },
};

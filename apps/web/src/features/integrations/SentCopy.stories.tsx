import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { EmailAccount } from '@prospecta/api-client';
import { mockOperation } from '@prospecta/api-client/msw';
import { makeEmailAccount } from '@prospecta/api-client/fixtures';
import { atWidth, pageHandlers, WIDTH_VIEWPORTS } from '../../testing/stories';
import { at, integrationsMeta, PATH } from '../../testing/integrations';
import { staffUser } from '../../testing/users';
import { IntegrationsTab } from './IntegrationsTab';

/**
 * Mailboxes whose last answer sent from the inbox could not be copied to their Sent folder (decision 0251): the row
 * says why and when, beside the mailbox's other problems, for the customer and for staff; the answer itself was sent.
 */
const meta = {
  title: 'Screens/Integrations/Sent copy',
  component: IntegrationsTab,
  ...integrationsMeta,
  globals: atWidth(1280),
  parameters: {
    ...integrationsMeta.parameters,
    viewport: WIDTH_VIEWPORTS,
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/integrations/email', {
          status: 200,
          body: {
            email_accounts_list: [
              makeEmailAccount(1, {
                sent_copy_error: 'no_sent_folder',
                sent_copy_failed_at: '2026-11-20T08:00:00.000Z',
              }),
              makeEmailAccount(2, {
                sent_copy_error: 'mailbox_unreachable',
                sent_copy_failed_at: '2026-11-21T14:30:00.000Z',
              }),
              makeEmailAccount(3, {
                sent_copy_error: 'append_refused',
                sent_copy_failed_at: '2026-11-22T09:05:00.000Z',
              }),
              makeEmailAccount(4),
            ] satisfies EmailAccount[],
          },
        }),
        ...pageHandlers(),
      ],
    },
  },
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The rows' notes, in the table's order. */
async function notes(canvasElement: HTMLElement, table: string) {
  const email = within(await within(canvasElement).findByRole('table', { name: table }));
  return (await email.findAllByTestId('email-account-sent-copy')).map((n) => n.textContent);
}

const ENGLISH = [
  'On 20 November 2026 - 09:00, an answer sent from the inbox could not be copied to this mailbox’s Sent folder: the mailbox has none. The answer itself was sent.',
  'On 21 November 2026 - 15:30, an answer sent from the inbox could not be copied to this mailbox’s Sent folder: its IMAP server could not be reached or refused the sign-in. The answer itself was sent.',
  'On 22 November 2026 - 10:05, an answer sent from the inbox could not be copied to this mailbox’s Sent folder: the server refused the copy. The answer itself was sent.',
];

/** Each reason in one sentence with its date; a mailbox whose copies work says nothing. */
export const EachReason: Story = {
  play: async ({ canvasElement }) => {
    await expect(await notes(canvasElement, 'E-mail accounts')).toEqual(ENGLISH);
  },
};

/** Staff looking at the customer's integrations see the same notes. */
export const StaffOnAPhone: Story = {
  globals: atWidth(390),
  parameters: { app: at(PATH, staffUser) },
  play: async ({ canvasElement }) => {
    await expect(await notes(canvasElement, 'E-mail accounts')).toEqual(ENGLISH);
  },
};

export const EachReasonFrench: Story = {
  globals: { ...atWidth(1280), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const french = await notes(canvasElement, 'Comptes e-mail');
    await expect(french[0]).toBe(
      'Le 20 novembre 2026 - 09:00, une réponse envoyée depuis la boîte de réception n’a pas pu être copiée dans le dossier des messages envoyés de cette boîte\u00a0: elle n’en a aucun. La réponse elle-même est partie.',
    );
    await expect(french).toHaveLength(3);
  },
};

export const EachReasonFrenchPhone: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const french = await notes(canvasElement, 'Comptes e-mail');
    await expect(french[2]).toBe(
      'Le 22 novembre 2026 - 10:05, une réponse envoyée depuis la boîte de réception n’a pas pu être copiée dans le dossier des messages envoyés de cette boîte\u00a0: le serveur a refusé la copie. La réponse elle-même est partie.',
    );
  },
};

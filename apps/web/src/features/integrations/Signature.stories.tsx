import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { EmailAccount } from '@prospecta/api-client';
import { makeEmailAccount } from '@prospecta/api-client/fixtures';
import { mockOperation } from '@prospecta/api-client/msw';
import { integrationsMeta, page } from '../../testing/integrations';
import { atWidth, pageHandlers, WIDTH_VIEWPORTS } from '../../testing/stories';
import { IntegrationsTab } from './IntegrationsTab';

/**
 * The signature of a mailbox (decision 0226): a small dialog opened from the mailbox's row, the signature the answers
 * sent from the inbox end with; checked as the server checks it, saved with a toast.
 */
const meta = {
  title: 'Screens/Integrations/Mailbox signature',
  component: IntegrationsTab,
  ...integrationsMeta,
  parameters: { ...integrationsMeta.parameters, viewport: WIDTH_VIEWPORTS },
  globals: atWidth(1280),
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

const signed = makeEmailAccount(1);
const unsigned = makeEmailAccount(3);
let saved: string[] = [];

/** The list, and the server's answer to a saved signature (the account as saved). */
const handlers = () => [
  mockOperation(
    'patch',
    '/api/v2/integrations/email/{accountId}/settings',
    async ({ params, json }) => {
      const { signature } = await json();
      saved.push(signature);
      await delay(50);
      const account = [signed, unsigned].find((a) => a.id === Number(params.accountId));
      return account
        ? { status: 200, body: { ...account, signature: signature.trim() } satisfies EmailAccount }
        : { status: 404, body: { detail: 'Not found.' } };
    },
  ),
  mockOperation('get', '/api/v2/integrations/email', {
    status: 200,
    body: { email_accounts_list: [signed, unsigned] },
  }),
  ...pageHandlers(),
];

const texts = {
  en: {
    table: 'E-mail accounts',
    edit: `Edit the signature of ${signed.email}`,
    editUnsigned: `Edit the signature of ${unsigned.email}`,
    dialog: `Signature of ${signed.email}`,
    dialogUnsigned: `Signature of ${unsigned.email}`,
    field: 'Signature',
    save: 'Save the signature',
    saved: `The signature of ${unsigned.email} is saved.`,
    lines: 'The signature has more than 10 lines: shorten it.',
    separator:
      'A line holding only “--” is written by the mail itself: remove it from the signature.',
  },
  fr: {
    table: 'Comptes e-mail',
    edit: `Modifier la signature de la boîte ${signed.email}`,
    editUnsigned: `Modifier la signature de la boîte ${unsigned.email}`,
    dialog: `Signature de la boîte ${signed.email}`,
    dialogUnsigned: `Signature de la boîte ${unsigned.email}`,
    field: 'Signature',
    save: 'Enregistrer la signature',
    saved: `La signature de la boîte ${unsigned.email} est enregistrée.`,
    lines: 'La signature compte plus de 10 lignes\u00a0: raccourcissez-la.',
    separator:
      'Une ligne avec seulement «\u00a0--\u00a0» est écrite par le message lui-même\u00a0: retirez-la de la signature.',
  },
} as const;
type Texts = (typeof texts)[keyof typeof texts];

async function openDialog(canvasElement: HTMLElement, t: Texts, name: string, title: string) {
  const email = within(await within(canvasElement).findByRole('table', { name: t.table }));
  await userEvent.click(await email.findByRole('button', { name }));
  return within(await page().findByRole('dialog', { name: title }));
}

/** The dialog says `text` (spaces compared as spaces: the French ones are no-break). */
const shows = (text: string) =>
  waitFor(() =>
    expect((page().getByRole('dialog').textContent ?? '').replaceAll(/\s/g, ' ')).toContain(
      text.replaceAll(/\s/g, ' '),
    ),
  );

const scenarios = {
  /** The dialog shows the mailbox's signature as saved, with the limits. */
  opens: async (canvasElement: HTMLElement, t: Texts) => {
    const dialog = await openDialog(canvasElement, t, t.edit, t.dialog);
    const field = dialog.getByRole('textbox', { name: t.field });
    await expect(field).toHaveValue(signed.signature);
    await waitFor(() => expect(field).toHaveFocus());
  },
  /** A signature too long in lines, then one with the separator line: each refused in a sentence, nothing saved. */
  refused: async (canvasElement: HTMLElement, t: Texts) => {
    saved = [];
    const dialog = await openDialog(canvasElement, t, t.editUnsigned, t.dialogUnsigned);
    const field = dialog.getByRole('textbox', { name: t.field });
    await userEvent.type(field, Array.from({ length: 11 }, (_, i) => `L${i + 1}`).join('{Enter}'));
    await userEvent.click(dialog.getByRole('button', { name: t.save }));
    await shows(t.lines);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field);
    await userEvent.type(field, 'Julien{Enter}--{Enter}Prospecta');
    await shows(t.separator);
    await expect(saved).toEqual([]);
  },
  /** Saved: the dialog closes, a toast says so, the server got the text. */
  saves: async (canvasElement: HTMLElement, t: Texts) => {
    saved = [];
    const dialog = await openDialog(canvasElement, t, t.editUnsigned, t.dialogUnsigned);
    await userEvent.type(
      dialog.getByRole('textbox', { name: t.field }),
      'Julien Moreau{Enter}Prospecta',
    );
    await userEvent.click(dialog.getByRole('button', { name: t.save }));
    await expect(await page().findByText(t.saved)).toBeVisible();
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(saved).toEqual(['Julien Moreau\nProspecta']);
  },
} as const;

const story = (scenario: keyof typeof scenarios, locale: 'en' | 'fr'): Story => ({
  globals: locale === 'en' ? atWidth(1280) : { ...atWidth(390), locale: 'fr' },
  parameters: { msw: { handlers: handlers() } },
  play: ({ canvasElement }) => scenarios[scenario](canvasElement, texts[locale]),
});

export const Opens = story('opens', 'en');
export const OpensFrenchPhone = story('opens', 'fr');
export const Refused = story('refused', 'en');
export const RefusedFrenchPhone = story('refused', 'fr');
export const Saves = story('saves', 'en');
export const SavesFrenchPhone = story('saves', 'fr');

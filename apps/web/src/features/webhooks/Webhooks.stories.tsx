import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Webhook, WebhookDelivery } from '@prospecta/api-client';
import { detail, mockOperation } from '@prospecta/api-client/msw';
import { makeWebhook, makeWebhookDelivery } from '@prospecta/api-client/fixtures';
import { at, integrationsMeta, page, PATH } from '../../testing/integrations';
import {
  at1440,
  atWidth,
  centreInView,
  pageHandlers,
  WIDTH_VIEWPORTS,
} from '../../testing/stories';
import { staffUser } from '../../testing/users';
import { IntegrationsTab } from '../integrations';

/**
 * The staff's outgoing webhooks of the customer selected in the sidebar, at the end of the customer's Integrations
 * tab: the list, the form that adds one (the URL rules said in a sentence), the secret shown once and the log.
 */
const meta = {
  title: 'Screens/Integrations/Outgoing webhooks',
  component: IntegrationsTab,
  ...integrationsMeta,
  parameters: {
    ...integrationsMeta.parameters,
    viewport: WIDTH_VIEWPORTS,
    app: at(PATH, staffUser),
  },
  globals: atWidth(1280),
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

const frenchPhone = { ...atWidth(390), locale: 'fr' } as const;

const listed = (webhooks: Webhook[], deliveries: Record<number, WebhookDelivery[]> = {}) => [
  mockOperation('get', '/api/v1/users/{id}/webhooks', { status: 200, body: { webhooks } }),
  mockOperation('get', '/api/v1/webhooks/{id}/deliveries', ({ params }) => ({
    status: 200,
    body: { deliveries: deliveries[Number(params.id)] ?? [] },
  })),
  ...pageHandlers(),
];

const crm = makeWebhook(1);
const zapier = makeWebhook(2, {
  url: 'https://hooks.zapier.example.com/hooks/catch/123456/prospecta',
  events: ['campaign.finished'],
  active: false,
});

const section = async (canvasElement: HTMLElement) => {
  const found = await within(canvasElement).findByTestId('webhooks');
  return within(found);
};

// ── empty ──

/** No webhook yet: the section says so and offers the form, every event ticked. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const webhooks = await section(canvasElement);
    await expect(
      await webhooks.findByRole('heading', { level: 2, name: 'Outgoing webhooks' }),
    ).toBeVisible();
    await expect(await webhooks.findByText('No webhook yet')).toBeVisible();
    const form = within(webhooks.getByRole('form', { name: 'Add a webhook' }));
    for (const event of ['Reply received', 'Prospect status changed', 'Campaign finished'])
      await expect(form.getByRole('checkbox', { name: event })).toBeChecked();
    centreInView(webhooks.getByRole('heading', { level: 2, name: 'Outgoing webhooks' }));
  },
};

export const EmptyFrenchPhone: Story = {
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const webhooks = await section(canvasElement);
    await expect(await webhooks.findByText('Aucun webhook pour l’instant')).toBeVisible();
    await expect(webhooks.getByRole('button', { name: 'Ajouter le webhook' })).toBeVisible();
    centreInView(webhooks.getByRole('heading', { level: 2, name: 'Webhooks sortants' }));
  },
};

/** A customer reading their own Integrations tab has no webhooks section: staff set them. */
export const NotForCustomers: Story = {
  tags: ['no-visual'], // The customer's tab, as the other Integrations stories picture it.
  parameters: { app: at(PATH) },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table', { name: 'E-mail accounts' });
    await expect(within(canvasElement).queryByTestId('webhooks')).toBeNull();
  },
};

// ── list ──

/** Each webhook: its URL, description, events in a sentence, its state and its actions. */
export const List: Story = {
  parameters: { msw: { handlers: listed([crm, zapier]) } },
  play: async ({ canvasElement }) => {
    const webhooks = await section(canvasElement);
    const items = await webhooks.findAllByTestId('webhook');
    await expect(items).toHaveLength(2);
    const first = within(items[0]!);
    await expect(first.getByText(crm.url)).toBeVisible();
    await expect(first.getByText('Active')).toBeVisible();
    await expect(
      first.getByText('Told of: Reply received, Prospect status changed, and Campaign finished.'),
    ).toBeVisible();
    await expect(
      first.getByRole('button', { name: `Switch off the webhook ${crm.url}` }),
    ).toBeVisible();
    const second = within(items[1]!);
    await expect(second.getByText('Switched off')).toBeVisible();
    await expect(second.getByText('Told of: Campaign finished.')).toBeVisible();
    await expect(
      second.getByRole('button', { name: `Switch on the webhook ${zapier.url}` }),
    ).toBeVisible();
    centreInView(items[0]!);
  },
};

export const ListFrenchPhone: Story = {
  ...List,
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const webhooks = await section(canvasElement);
    const items = await webhooks.findAllByTestId('webhook');
    await expect(
      within(items[0]!).getByText(
        /^Prévenu de\s: Réponse reçue, Statut d’un prospect changé et Campagne terminée\.$/,
      ),
    ).toBeVisible();
    await expect(within(items[1]!).getByText('Désactivé')).toBeVisible();
    centreInView(items[0]!);
  },
};

/** A very long URL wraps inside its row on a phone: the page never scrolls sideways. */
const longUrl = `https://automation.boulangerie-lefevre.example.com/webhooks/inbound/prospecta/${'a1b2c3d4e5f6'.repeat(12)}?source=prospecta&customer=boulangerie-lefevre`;
export const LongUrlOnAPhone: Story = {
  parameters: { msw: { handlers: listed([makeWebhook(3, { url: longUrl })]) } },
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const webhooks = await section(canvasElement);
    const item = await webhooks.findByTestId('webhook');
    await expect(within(item).getByText(longUrl)).toBeVisible();
    const root = canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(root.clientWidth);
    centreInView(item);
  },
};

/** The list could not be loaded: the section says so and offers to try again. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v1/users/:id/webhooks', () =>
          HttpResponse.json(detail('database unavailable'), { status: 500 }),
        ),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const webhooks = await section(canvasElement);
    await expect(await webhooks.findByText('The webhooks could not be loaded.')).toBeVisible();
    await expect(webhooks.queryByText(/database unavailable/)).toBeNull();
    await expect(webhooks.getByRole('button', { name: 'Try again' })).toBeVisible();
    centreInView(webhooks.getByRole('heading', { level: 2, name: 'Outgoing webhooks' }));
  },
};

// ── add ──

const fillUrl = async (canvasElement: HTMLElement, url: string) => {
  const webhooks = await section(canvasElement);
  const form = within(
    await webhooks.findByRole('form', { name: /Add a webhook|Ajouter un webhook/ }),
  );
  const field = form.getByRole('textbox', { name: /Address the events|Adresse à laquelle/ });
  await userEvent.type(field, url);
  return { form, field };
};

/** A refused address (a link-local one) is said in a sentence; the form keeps what was typed. */
export const AddRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/users/{id}/webhooks', {
          status: 422,
          body: {
            detail: 'The host 169.254.169.254 of the webhook URL is not a public address.',
            code: 'url_refused' as const,
          },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { form, field } = await fillUrl(canvasElement, 'http://169.254.169.254/latest');
    await userEvent.click(form.getByRole('checkbox', { name: 'Campaign finished' }));
    await userEvent.click(form.getByRole('button', { name: 'Add the webhook' }));
    const failure = await form.findByTestId('webhook-add-failure');
    await expect(failure).toHaveTextContent(
      /^This address is refused: Prospecta does not call its own machine \(localhost, 127\.0\.0\.1\), a private network/,
    );
    await expect(failure).toHaveAttribute('role', 'alert');
    await expect(form.queryByText(/is not a public address/)).toBeNull();
    await expect(field).toHaveValue('http://169.254.169.254/latest');
    await expect(form.getByRole('checkbox', { name: 'Campaign finished' })).not.toBeChecked();
    centreInView(failure);
  },
};

export const AddRefusedFrenchPhone: Story = {
  ...AddRefused,
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const { form, field } = await fillUrl(canvasElement, 'http://10.0.0.12/hook');
    await userEvent.click(form.getByRole('button', { name: 'Ajouter le webhook' }));
    const failure = await form.findByTestId('webhook-add-failure');
    await expect(failure).toHaveTextContent(
      /^Cette adresse est refusée\s: Prospecta n’appelle ni sa propre machine/,
    );
    await expect(field).toHaveValue('http://10.0.0.12/hook');
    centreInView(failure);
  },
};

/** A malformed address or no event is refused beside its field before anything is sent. */
export const AddInvalid: Story = {
  play: async ({ canvasElement }) => {
    const { form } = await fillUrl(canvasElement, 'crm.example.com/hook');
    for (const event of ['Reply received', 'Prospect status changed', 'Campaign finished'])
      await userEvent.click(form.getByRole('checkbox', { name: event }));
    await userEvent.click(form.getByRole('button', { name: 'Add the webhook' }));
    await expect(
      await form.findByText('Enter an address starting with https:// or http://.'),
    ).toBeVisible();
    await expect(form.getByText('Choose at least one event.')).toBeVisible();
    centreInView(form.getByRole('button', { name: 'Add the webhook' }));
  },
};

/** A webhook is added: its secret is shown this once, then gone from the page. */
export const AddShowsTheSecretOnce: Story = {
  tags: ['no-visual'], // Ends with the dialog closed, on the picture of Empty.
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/users/{id}/webhooks', async ({ json }) => {
          const body = await json();
          return {
            status: 201,
            body: {
              webhook: makeWebhook(9, { url: body.url, events: body.events }),
              secret: 'whsec_5f0c7d1e9a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d',
            },
          };
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { form, field } = await fillUrl(canvasElement, 'https://crm.example.com/hooks');
    await userEvent.click(form.getByRole('button', { name: 'Add the webhook' }));
    const dialog = within(await page().findByRole('dialog', { name: 'The signing secret' }));
    await expect(dialog.getByTestId('webhook-secret')).toHaveTextContent(/^whsec_5f0c7d1e/);
    await expect(dialog.getByText(/it will not be shown again\.$/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'I have kept it' }));
    await waitFor(() =>
      expect(page().queryByRole('dialog', { name: 'The signing secret' })).toBeNull(),
    );
    await expect(page().queryByText(/whsec_/)).toBeNull();
    await expect(field).toHaveValue('');
  },
};

/** The secret's dialog, as staff see it right after adding a webhook (French, phone). */
export const SecretFrenchPhone: Story = {
  ...AddShowsTheSecretOnce,
  tags: [],
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const { form } = await fillUrl(canvasElement, 'https://crm.example.com/hooks');
    await userEvent.click(form.getByRole('button', { name: 'Ajouter le webhook' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Le secret de signature' }));
    await expect(dialog.getByTestId('webhook-secret')).toHaveTextContent(/^whsec_/);
    await expect(dialog.getByRole('button', { name: 'Copier le secret' })).toBeVisible();
    centreInView(canvasElement.querySelector('[data-testid="webhooks"]')!);
  },
};

// ── delivery log ──

const attempts: WebhookDelivery[] = [
  makeWebhookDelivery(1, { event: 'webhook.test' }),
  makeWebhookDelivery(2, {
    event: 'prospect.status_changed',
    attempt: 2,
    outcome: 'failed',
    status_code: 500,
    response_snippet: '{"error":"CRM maintenance until 10:00"}',
    duration_ms: 842,
  }),
  makeWebhookDelivery(3, {
    outcome: 'failed',
    status_code: null,
    response_snippet: null,
    error: 'No answer within 10 seconds.',
    error_code: 'timeout',
    duration_ms: 10_004,
  }),
  makeWebhookDelivery(4, {
    event: 'campaign.finished',
    outcome: 'failed',
    status_code: null,
    response_snippet: null,
    error: 'The host crm.example of the webhook URL is not a public address.',
    error_code: 'url_refused',
    duration_ms: 3,
  }),
  makeWebhookDelivery(5, {
    outcome: 'failed',
    status_code: 302,
    response_snippet: '',
    error: 'A redirect is not followed.',
    error_code: 'redirect',
    duration_ms: 95,
  }),
];

/** Opens the first webhook's log, the page placed on that webhook behind the dialog. */
const openLog = async (canvasElement: HTMLElement, name: RegExp) => {
  const webhooks = await section(canvasElement);
  const [first] = await webhooks.findAllByTestId('webhook');
  await userEvent.click(within(first!).getByRole('button', { name }));
  const dialog = await page().findByRole('dialog');
  centreInView(first!);
  return within(dialog);
};

/** The log: each attempt's event, number, outcome, the answer's status or why none came, duration and answer. */
export const DeliveryLog: Story = {
  parameters: { msw: { handlers: listed([crm], { [crm.id]: attempts }) } },
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, /^Delivery log of /);
    const items = await log.findAllByTestId('webhook-delivery');
    await expect(items).toHaveLength(5);
    const [test, error500, timeout, refused, redirect] = items.map((i) => within(i));
    await expect(test!.getByText('Test event, attempt 1')).toBeVisible();
    await expect(test!.getByText('Delivered')).toBeVisible();
    await expect(test!.getByText('Answered with status 200 in 127 ms.')).toBeVisible();
    await expect(error500!.getByText('Prospect status changed, attempt 2')).toBeVisible();
    await expect(error500!.getByText('Answered with status 500 in 842 ms.')).toBeVisible();
    await expect(error500!.getByText('{"error":"CRM maintenance until 10:00"}')).toBeVisible();
    await expect(timeout!.getByText('No answer came within 10 seconds.')).toBeVisible();
    await expect(timeout!.getByText('The attempt took 10004 ms.')).toBeVisible();
    await expect(refused!.getByText(/^Not sent: the address now leads to a machine/)).toBeVisible();
    await expect(redirect!.getByText(/^The receiver answered with a redirect/)).toBeVisible();
    // The server's English details are never shown.
    await expect(log.queryByText(/No answer within 10 seconds\./)).toBeNull();
    await expect(log.queryByText(/is not a public address/)).toBeNull();
  },
};

export const DeliveryLogFrenchPhone: Story = {
  ...DeliveryLog,
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, /^Journal des envois de /);
    const items = await log.findAllByTestId('webhook-delivery');
    await expect(within(items[0]!).getByText('Événement de test, tentative 1')).toBeVisible();
    await expect(
      within(items[2]!).getByText('Aucune réponse n’est venue en 10 secondes.'),
    ).toBeVisible();
  },
};

/** A webhook without any attempt yet: the log says so and offers the test event. */
export const DeliveryLogEmpty: Story = {
  parameters: { msw: { handlers: listed([crm]) } },
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, /^Delivery log of /);
    await expect(
      await log.findByText('No attempt yet. Send a test event to try the address.'),
    ).toBeVisible();
    await expect(log.getByRole('button', { name: 'Send a test event' })).toBeVisible();
  },
};

/** A test event is queued: a toast says its attempt will appear in the log. */
export const SendsATest: Story = {
  tags: ['no-visual'], // Ends on the list with a passing toast: List pictures it.
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/webhooks/{id}/test', {
          status: 202,
          body: { event_id: 'evt_2f1e0d9c-8b7a-4c6d-9e5f-000000000001' },
        }),
        ...listed([crm]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const webhooks = await section(canvasElement);
    await userEvent.click(
      await webhooks.findByRole('button', { name: `Send a test event to ${crm.url}` }),
    );
    await expect(
      await page().findByText(
        'The test event is on its way: its attempt appears in the delivery log.',
      ),
    ).toBeVisible();
  },
};

// ── on a 1440 px laptop ──

export const EmptyAt1440: Story = at1440(Empty);
export const ListAt1440: Story = at1440(List);
export const ListFrenchAt1440: Story = at1440(ListFrenchPhone);
export const DeliveryLogAt1440: Story = at1440(DeliveryLog);
export const DeliveryLogFrenchAt1440: Story = at1440(DeliveryLogFrenchPhone);

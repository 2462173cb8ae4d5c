import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createScenario, inboxOf } from '@prospecta/api-client/fixtures';
import { mockOperation } from '@prospecta/api-client/msw';
import { withApp } from '../../../testing/decorators';
import {
  customerInboxInTheApp,
  inboxChangeHandlers,
  resetInboxChanges,
} from '../../../testing/inbox';
import {
  at1440,
  atWidth,
  backToTop,
  TUTORIAL_SEEN,
  WIDTH_VIEWPORTS,
} from '../../../testing/stories';
import { customerUser } from '../../../testing/users';
import { InboxPane } from './InboxPane';

/** The customer's newest e-mail answer of the fixture scenario: the pane the box sits in. */
const item = (() => {
  const found = inboxOf(createScenario(), customerUser.id).items.find((i) => i.channel === 'email');
  if (!found) throw new Error('the scenario has no e-mail answer');
  return found;
})();
const NAME = `${item.prospect.first_name} ${item.prospect.last_name}`.trim();
const ANSWER = 'Bonjour,\nMerci pour votre retour : je vous appelle jeudi à 10 h.';

const meta = {
  title: 'Screens/Inbox/Answer box',
  component: InboxPane,
  decorators: [withApp],
  args: {
    item,
    userId: customerUser.id,
    canAnswer: true,
    onOpenProspect: fn(),
    onHandled: fn(),
  },
  // The inbox handlers are shared by the file's stories: each story starts from the scenario.
  beforeEach: resetInboxChanges,
  parameters: {
    layout: 'fullscreen',
    viewport: WIDTH_VIEWPORTS,
    app: { user: customerUser, preferences: TUTORIAL_SEEN },
    msw: { handlers: inboxChangeHandlers() },
  },
  globals: atWidth(1280),
} satisfies Meta<typeof InboxPane>;
export default meta;
type Story = StoryObj<typeof meta>;

type Texts = {
  open: string;
  send: string;
  sending: string;
  label: string;
  failed: string;
  reason: string;
  sent: RegExp;
};
const TEXTS: Record<'en' | 'fr', Texts> = {
  en: {
    open: 'Answer by e-mail',
    send: 'Send',
    sending: 'Sending the answer…',
    label: `Your answer to ${NAME}`,
    failed: 'The answer was not sent.',
    reason: 'The mail server refused the answer. Check the prospect’s address, or try again later.',
    sent: /^Answer sent from elodie@boulangerie-lefevre\.ch to .+@.+\.$/,
  },
  fr: {
    open: 'Répondre par e-mail',
    send: 'Envoyer',
    sending: 'Envoi de la réponse…',
    label: `Votre réponse à ${NAME}`,
    failed: 'La réponse n’a pas été envoyée.',
    reason:
      'Le serveur de messagerie a refusé la réponse. Vérifiez l’adresse du prospect, ou réessayez plus tard.',
    sent: /^Réponse envoyée depuis elodie@boulangerie-lefevre\.ch à .+@.+\.$/,
  },
};

const pane = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  // The history is loaded: the box sits above it.
  await canvas.findByTestId('inbox-history');
  return canvas;
};

async function openBox(canvasElement: HTMLElement, texts: Texts) {
  const canvas = await pane(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: texts.open }));
  const field = await canvas.findByRole('textbox', { name: texts.label });
  // The focus moves in the render that shows the field.
  await expect(field).toHaveFocus();
  return { canvas, field };
}

const box = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('reply-box');

/** The six states of the box, each in English at 1280 px and in French at 390 px. */
const states = {
  /** Closed: one button under the header, the history below. */
  closed: async (canvasElement: HTMLElement, texts: Texts) => {
    const canvas = await pane(canvasElement);
    await expect(canvas.getByRole('button', { name: texts.open })).toHaveAttribute(
      'aria-keyshortcuts',
      'r',
    );
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(box(canvasElement)).toHaveAttribute('data-state', 'closed');
  },
  /** Open and empty: the field has the focus, Send waits for a text, the mailbox is the default one. */
  empty: async (canvasElement: HTMLElement, texts: Texts) => {
    const { canvas } = await openBox(canvasElement, texts);
    await expect(canvas.getByRole('button', { name: texts.send })).toBeDisabled();
    await expect(box(canvasElement)).toHaveAttribute('data-state', 'empty');
    // The mailboxes to send from are asked for when the box opens.
    await expect(await within(box(canvasElement)).findByRole('combobox')).toBeInTheDocument();
  },
  /** Typing: Send is ready. */
  typing: async (canvasElement: HTMLElement, texts: Texts) => {
    const { canvas, field } = await openBox(canvasElement, texts);
    await userEvent.type(field, ANSWER);
    await expect(canvas.getByRole('button', { name: texts.send })).toBeEnabled();
    await expect(box(canvasElement)).toHaveAttribute('data-state', 'typing');
    backToTop();
  },
  /** Sending (Ctrl + Enter): the button waits; a second Ctrl + Enter and a click send nothing more. */
  sending: async (canvasElement: HTMLElement, texts: Texts) => {
    const { canvas, field } = await openBox(canvasElement, texts);
    await userEvent.type(field, ANSWER);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    const button = await canvas.findByRole('button', { name: texts.sending });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    // The box says it sends before its request reaches the mock service worker.
    await waitFor(() => expect(sendingCalls).toBe(1));
    await userEvent.click(button);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(box(canvasElement)).toHaveAttribute('data-state', 'sending');
    await expect(box(canvasElement)).toHaveAttribute('aria-busy', 'true');
    await expect(sendingCalls).toBe(1);
    backToTop();
  },
  /** Failed: why, in one sentence, and the text kept in the field. */
  failed: async (canvasElement: HTMLElement, texts: Texts) => {
    const { canvas, field } = await openBox(canvasElement, texts);
    await userEvent.type(field, ANSWER);
    await userEvent.click(canvas.getByRole('button', { name: texts.send }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(texts.failed);
    await expect(alert).toHaveTextContent(texts.reason);
    await expect(field).toHaveValue(ANSWER);
    await expect(canvas.getByRole('button', { name: texts.send })).toBeEnabled();
    backToTop();
  },
  /** Sent: the box closes, says where it went, and the answer is the conversation's newest message. */
  sent: async (canvasElement: HTMLElement, texts: Texts) => {
    const { canvas, field } = await openBox(canvasElement, texts);
    await userEvent.type(field, ANSWER);
    await userEvent.click(canvas.getByRole('button', { name: texts.send }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(texts.sent);
    await expect(canvas.queryByRole('textbox')).toBeNull();
    const newest = (await canvas.findAllByTestId('inbox-message'))[0];
    await expect(newest).toHaveAttribute('data-direction', 'outbound');
    await expect(newest).toHaveTextContent('je vous appelle jeudi à 10 h.');
    await expect(newest).toHaveTextContent('Élodie Lefèvre');
    // The box gives the focus back to its button in the render that closes it, so the picture always shows it.
    await expect(canvas.getByRole('button', { name: texts.open })).toHaveFocus();
    backToTop();
  },
} as const;

/** How many answers the 'sending' stories asked for (the server never answers them). */
let sendingCalls = 0;
const neverAnswers = [
  http.post('*/api/v1/users/:id/inbox-messages/:messageId/answers', async () => {
    sendingCalls += 1;
    await delay('infinite');
    return HttpResponse.json({});
  }),
  ...inboxChangeHandlers(),
];
const refused = [
  mockOperation('post', '/api/v1/users/{id}/inbox-messages/{messageId}/answers', {
    status: 502,
    body: { detail: '554 5.7.1 refused', code: 'answer_refused' },
  }),
  ...inboxChangeHandlers(),
];

const story = (state: keyof typeof states, locale: 'en' | 'fr'): Story => ({
  globals: locale === 'en' ? atWidth(1280) : { ...atWidth(390), locale: 'fr' },
  ...(state === 'sending'
    ? {
        parameters: { msw: { handlers: neverAnswers } },
        beforeEach: () => {
          sendingCalls = 0;
        },
      }
    : state === 'failed'
      ? { parameters: { msw: { handlers: refused } } }
      : {}),
  play: ({ canvasElement }) => states[state](canvasElement, TEXTS[locale]),
});

export const Closed = story('closed', 'en');
export const ClosedFrenchPhone = story('closed', 'fr');
export const Empty = story('empty', 'en');
export const EmptyFrenchPhone = story('empty', 'fr');
export const Typing = story('typing', 'en');
export const TypingFrenchPhone = story('typing', 'fr');
export const Sending = story('sending', 'en');
export const SendingFrenchPhone = story('sending', 'fr');
export const Failed = story('failed', 'en');
export const FailedFrenchPhone = story('failed', 'fr');
export const Sent = story('sent', 'en');
export const SentFrenchPhone = story('sent', 'fr');

/** A staff visit of a customer's inbox: no answer box (only the customer writes from their mailboxes). */
export const NotForStaffVisits: Story = {
  args: { canAnswer: false },
  play: async ({ canvasElement }) => {
    await pane(canvasElement);
    await expect(within(canvasElement).queryByTestId('reply-box')).toBeNull();
  },
};

// ── in the whole app on a 1440 px laptop ──

/**
 * The box where it lives at 1440 px: in the inbox beside the sidebar and the 300 px list, the answer opened by the
 * address. The pane alone would stretch over the whole window, which no screen shows.
 */
const inTheApp = (state: keyof typeof states, locale: 'en' | 'fr'): Story => {
  const base = story(state, locale);
  return {
    ...at1440(base),
    parameters: {
      ...base.parameters,
      app: customerInboxInTheApp(`?answer=${item.id}`),
    },
  };
};

export const TypingInTheAppAt1440 = inTheApp('typing', 'en');
export const TypingInTheAppFrenchAt1440 = inTheApp('typing', 'fr');
export const FailedInTheAppAt1440 = inTheApp('failed', 'en');

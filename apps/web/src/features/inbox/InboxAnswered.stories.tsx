import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createScenario, inboxOf } from '@prospecta/api-client/fixtures';
import { withApp, withToaster, type AppStoryParameters } from '../../testing/decorators';
import { inboxChangeHandlers, resetInboxChanges } from '../../testing/inbox';
import { atWidth, backToTop, WIDTH_VIEWPORTS } from '../../testing/stories';
import { InboxPage } from './InboxPage';

/**
 * The answered mark (decision 0251): once the customer answers a prospect's e-mail from the pane, its row carries a
 * mail program's arrow before the date and the pane says when it was answered; the other tabs learn it from the live
 * events, which read the inbox again.
 */
const scenario = createScenario();
const emails = inboxOf(scenario, scenario.customer.id).items.filter((i) => i.channel === 'email');
// An answer already read: opening it changes nothing else, so the last frame does not wait on a read.
const target = emails.find((i) => i.is_read) ?? emails[0];
if (!target) throw new Error('The scenario has no e-mail answer of the customer.');
const ANSWERED_AT = '2026-11-24T15:40:00.000Z';

const meta = {
  title: 'Screens/Inbox/Answered',
  component: InboxPage,
  decorators: [withToaster, withApp],
  beforeEach: resetInboxChanges,
  globals: atWidth(1280),
  parameters: {
    layout: 'fullscreen',
    viewport: WIDTH_VIEWPORTS,
    app: {
      route: { initialEntries: ['/users/2/inbox'], path: 'users/:userId/inbox' },
    } satisfies AppStoryParameters,
    msw: { handlers: inboxChangeHandlers(scenario) },
  },
} satisfies Meta<typeof InboxPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const answeredHandlers = inboxChangeHandlers(
  scenario,
  new Map([[target.id, { answered_at: ANSWERED_AT }]]),
);

/** The target's row, opened; its pane. */
async function openTarget(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const rows = await canvas.findAllByTestId('inbox-row');
  const name = `${target!.prospect.first_name} ${target!.prospect.last_name}`;
  const row = rows.find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row of ${name}`);
  await userEvent.click(row);
  const pane = within(await canvas.findByTestId('inbox-pane'));
  await pane.findByTestId('inbox-history');
  return { row, pane };
}

/** Answered from the pane: the row and the pane say so at once. */
export const AnsweredFromThePane: Story = {
  play: async ({ canvasElement }) => {
    const { row, pane } = await openTarget(canvasElement);
    await expect(within(row).queryByTestId('inbox-row-answered')).not.toBeInTheDocument();
    await expect(pane.queryByTestId('inbox-answered')).not.toBeInTheDocument();
    await userEvent.click(pane.getByRole('button', { name: 'Answer by e-mail' }));
    await userEvent.type(
      await pane.findByRole('textbox', { name: /^Your answer to / }),
      'Merci, je vous rappelle jeudi.',
    );
    await userEvent.click(pane.getByRole('button', { name: 'Send' }));
    await expect(await pane.findByRole('status')).toHaveTextContent(/^Answer sent from /);
    await waitFor(() =>
      expect(within(row).getByTestId('inbox-row-answered')).toHaveTextContent(/^Answered on /),
    );
    await expect(pane.getByTestId('inbox-answered')).toHaveTextContent(
      /^Answered from the inbox on .+\.$/,
    );
    // The box gives the focus back to its button on the next frame: waited for, so the picture always shows it.
    await waitFor(() =>
      expect(pane.getByRole('button', { name: 'Answer by e-mail' })).toHaveFocus(),
    );
    backToTop();
  },
};

export const AnsweredFromThePaneFrenchPhone: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const { row, pane } = await openTarget(canvasElement);
    await userEvent.click(pane.getByRole('button', { name: 'Répondre par e-mail' }));
    await userEvent.type(
      await pane.findByRole('textbox', { name: /^Votre réponse à / }),
      'Merci, je vous rappelle jeudi.',
    );
    await userEvent.click(pane.getByRole('button', { name: 'Envoyer' }));
    await expect(await pane.findByRole('status')).toHaveTextContent(/^Réponse envoyée depuis /);
    await waitFor(() =>
      expect(within(row).getByTestId('inbox-row-answered')).toHaveTextContent(/^Répondu le /),
    );
    await waitFor(() =>
      expect(pane.getByRole('button', { name: 'Répondre par e-mail' })).toHaveFocus(),
    );
    const answered = pane.getByTestId('inbox-answered');
    await expect(answered).toHaveTextContent(/^Répondu depuis la boîte de réception le .+\.$/);
    answered.scrollIntoView({ block: 'center', behavior: 'instant' });
    canvasElement.ownerDocument.documentElement.dataset.storyView = 'placed';
  },
};

/** Answered earlier (or in another tab): the list shows the arrow, the pane when. */
export const AnsweredEarlierPhone: Story = {
  globals: atWidth(390),
  parameters: { msw: { handlers: answeredHandlers } },
  play: async ({ canvasElement }) => {
    const { row, pane } = await openTarget(canvasElement);
    await expect(within(row).getByTestId('inbox-row-answered')).toHaveTextContent(
      'Answered on 24 November 2026 - 16:40',
    );
    await expect(pane.getByTestId('inbox-answered')).toHaveTextContent(
      'Answered from the inbox on 24 November 2026 - 16:40.',
    );
    backToTop();
  },
};

export const AnsweredEarlierFrench: Story = {
  globals: { ...atWidth(1280), locale: 'fr' },
  parameters: { msw: { handlers: answeredHandlers } },
  play: async ({ canvasElement }) => {
    const { row, pane } = await openTarget(canvasElement);
    await expect(within(row).getByTestId('inbox-row-answered')).toHaveTextContent(
      'Répondu le 24 novembre 2026 - 16:40',
    );
    await expect(pane.getByTestId('inbox-answered')).toHaveTextContent(
      'Répondu depuis la boîte de réception le 24 novembre 2026 - 16:40.',
    );
    backToTop();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { makeInboxItem, makeProspect } from '@prospecta/api-client/fixtures';
import { withApp } from '../../../testing/decorators';
import { inboxChangeHandlers, resetInboxChanges } from '../../../testing/inbox';
import { SMALL_SCREEN, TUTORIAL_SEEN } from '../../../testing/stories';
import { customerUser } from '../../../testing/users';
import { UnreadAnswersDialog } from './UnreadAnswersDialog';

const answer = (n: number, content?: string) =>
  makeInboxItem(
    makeProspect(n, { status: 'ongoing', hasResponses: true }, { user_id: customerUser.id }),
    {
      is_read: false,
      ...(content ? { content } : {}),
    },
  );

const LONG = Array.from(
  { length: 12 },
  (_, i) =>
    `<p>Paragraphe ${i + 1} : nous avons bien reçu votre proposition et nous aimerions en discuter avec notre direction financière avant la fin du trimestre, en particulier les conditions de résiliation et le calendrier de déploiement dans nos quatorze agences régionales.</p>`,
).join('');

const meta = {
  title: 'Screens/Inbox/Unread answers dialog',
  component: UnreadAnswersDialog,
  decorators: [withApp],
  args: { answers: [answer(3), answer(6), answer(9)], userId: customerUser.id, onClose: fn() },
  // The inbox handlers are shared by the file's stories: each story starts from the scenario.
  beforeEach: resetInboxChanges,
  parameters: {
    app: { user: customerUser, preferences: TUTORIAL_SEEN },
    msw: { handlers: inboxChangeHandlers() },
  },
} satisfies Meta<typeof UnreadAnswersDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await within(document.body).findByRole('dialog', { name: 'Unread answers' }));

/** Three answers: the first shown, with its prospect, campaign, status, the answer and the way to the inbox. */
export const ThreeAnswers: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(d.getByText('Answer 1 of 3')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(d.getByRole('button', { name: 'Next' })).toBeEnabled();
    await expect(d.getByRole('link', { name: 'Open in the inbox' })).toHaveAttribute(
      'href',
      `/users/${customerUser.id}/inbox?answer=${args.answers[0]?.id}`,
    );
    await userEvent.click(d.getByRole('button', { name: 'Next' }));
    await userEvent.click(d.getByRole('button', { name: 'Next' }));
    await expect(d.getByText('Answer 3 of 3')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const ThreeAnswersFrench: Story = {
  globals: { locale: 'fr' },
  play: async () => {
    const d = within(
      await within(document.body).findByRole('dialog', { name: 'Réponses non lues' }),
    );
    await expect(d.getByText('Réponse 1 sur 3')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Précédente' })).toBeDisabled();
  },
};

/** One answer: previous and next both disabled. */
export const OneAnswer: Story = {
  args: { answers: [answer(3)] },
  play: async () => {
    const d = await dialog();
    await expect(d.getByText('Answer 1 of 1')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

/** A long answer scrolls inside the dialog; the navigation stays reachable. */
export const LongAnswer: Story = {
  args: { answers: [answer(3, LONG), answer(6)] },
  play: async () => {
    const d = await dialog();
    await expect(d.getByText(/Paragraphe 12/)).toBeInTheDocument();
    await expect(d.getByRole('button', { name: 'Next' })).toBeVisible();
  },
};

/** A hostile body is sanitised as in the inbox: no script runs, nothing navigates. */
export const HostileAnswer: Story = {
  args: {
    answers: [
      answer(
        3,
        '<p>Bonjour</p><img src=x onerror="window.__xssModal=1"><script>window.__xssModal=1</script><a href="javascript:window.__xssModal=1">lien</a>',
      ),
    ],
  },
  play: async () => {
    const d = await dialog();
    await expect(d.getByText('Bonjour')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect((window as { __xssModal?: number }).__xssModal).toBeUndefined();
    await expect(d.getByTestId('message-body').querySelector('script')).toBeNull();
  },
};

export const SmallScreen: Story = {
  globals: SMALL_SCREEN,
  args: { answers: [answer(3, LONG), answer(6)] },
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('button', { name: 'Next' })).toBeVisible();
  },
};

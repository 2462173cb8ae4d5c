import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { mockOperation } from '@prospecta/api-client/msw';
import { createScenario, inboxOf, makeUnreadMessage } from '@prospecta/api-client/fixtures';
import { ANSWER_READ_AFTER_MS } from '@prospecta/domain';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { EMPTY_INBOX, inboxChangeHandlers, resetInboxChanges } from '../../testing/inbox';
import { pageHandlers, SMALL_SCREEN, TUTORIAL_SEEN } from '../../testing/stories';
import { customerUser, staffUser } from '../../testing/users';
import { UnreadAnswersAtSignIn } from './UnreadAnswersAtSignIn';

/** The app at the dashboard, right after a sign-in through the login form (the marker the form leaves). */
const at = (
  user = customerUser,
  preferences: Record<string, string> = TUTORIAL_SEEN,
): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [`/users/${user.id}/dashboard`] },
  user,
  preferences,
  freshSignIn: true,
});

/** A fresh scenario where the customer has UNREAD answers (the newest ones of their inbox), and its handlers. */
const UNREAD = 4;
function withUnreadAnswers(preferences: Record<string, string> = TUTORIAL_SEEN) {
  const scenario = createScenario();
  const customer = scenario.customer;
  const items = inboxOf(scenario, customer.id).items.slice(0, UNREAD);
  customer.unread_messages_since = items.map((item, i) =>
    makeUnreadMessage(i + 1, {
      message_id: item.id,
      prospect_id: item.prospect.id,
      first_name: item.prospect.first_name,
      last_name: item.prospect.last_name,
      company_name: item.prospect.company_name,
      content: item.content,
      received_at: item.received_at,
    }),
  );
  customer.unread_messages_count = items.length;
  return {
    app: { ...at(customer, preferences), freshSignIn: true },
    msw: { handlers: inboxChangeHandlers(scenario) },
  };
}

const meta = {
  title: 'Screens/Inbox/Unread answers at sign-in',
  component: UnreadAnswersAtSignIn,
  decorators: [withApp],
  // The inbox handlers are shared by the file's stories: each story starts from the scenario.
  beforeEach: resetInboxChanges,
  parameters: { layout: 'fullscreen', ...withUnreadAnswers() },
} satisfies Meta<typeof UnreadAnswersAtSignIn>;
export default meta;
type Story = StoryObj<typeof meta>;

const modal = async () =>
  within(await within(document.body).findByRole('dialog', { name: 'Unread answers' }));
const badge = (canvasElement: HTMLElement) =>
  // The modal hides the page from assistive technologies: look through it.
  within(canvasElement)
    .getByRole('navigation', { name: 'Main navigation', hidden: true })
    .querySelector('a[href$="/inbox"]');

/** After sign-in: the first unread answer (newest), previous/next through the others; each one shown counts as read. */
export const StepsThroughTheUnreadAnswers: Story = {
  parameters: withUnreadAnswers(),
  play: async ({ canvasElement }) => {
    const dialog = await modal();
    await expect(dialog.getByText(/^Answer 1 of \d+$/)).toBeVisible();
    const total = UNREAD;
    await expect(dialog.getByText(`Answer 1 of ${total}`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const first = dialog.getByRole('heading', { level: 3 }).textContent;
    await expect(dialog.getByTestId('message-body')).not.toBeEmptyDOMElement();
    // Stepping past the first answer with 'next' reads it at once; the badge follows.
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(badge(canvasElement)).toHaveTextContent(String(UNREAD - 1)));
    await expect(dialog.getByText(`Answer 2 of ${total}`)).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 }).textContent).not.toBe(first);
    // The second one is read once it has stayed on screen for a moment.
    await waitFor(() => expect(badge(canvasElement)).toHaveTextContent(String(UNREAD - 2)), {
      timeout: ANSWER_READ_AFTER_MS + 5000,
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Previous' }));
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveTextContent(first ?? '');
    // Going back does not count the same answer twice.
    await expect(badge(canvasElement)).toHaveTextContent(String(UNREAD - 2));
  },
};

export const StepsThroughTheUnreadAnswersFrench: Story = {
  parameters: withUnreadAnswers(),
  globals: { locale: 'fr' },
  play: async () => {
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: 'Réponses non lues' }),
    );
    await expect(dialog.getByText(/^Réponse 1 sur \d+$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Suivante' })).toBeEnabled();
    await expect(
      dialog.getByRole('link', { name: 'Ouvrir dans la boîte de réception' }),
    ).toBeVisible();
  },
};

/** The same actions as the inbox: converting asks first, then the answer says it has been handled. */
export const ConvertFromTheModal: Story = {
  parameters: withUnreadAnswers(),
  play: async ({ canvasElement }) => {
    const dialog = await modal();
    await userEvent.click(dialog.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: /Convert/ }));
    const confirm = within(await within(document.body).findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Yes' }));
    await expect(await dialog.findByRole('status')).toHaveTextContent(
      'This answer has been handled.',
    );
    await expect(dialog.queryByRole('button', { name: 'Actions' })).toBeNull();
    // The handled answer leaves the badge, and the confirmation toast goes by itself: the picture shows that
    // settled state, whenever it is taken.
    await waitFor(() => expect(badge(canvasElement)).toHaveTextContent(String(UNREAD - 1)));
    const toast = /^The status is now .New opportunity.\.$/;
    await expect(await within(document.body).findByText(toast)).toBeVisible();
    await waitFor(() => expect(within(document.body).queryByText(toast)).toBeNull(), {
      timeout: 10_000,
    });
  },
};

/** 'Open in the inbox' closes the modal and opens that answer in the inbox. */
export const OpenInTheInbox: Story = {
  parameters: withUnreadAnswers(),
  play: async ({ canvasElement }) => {
    const dialog = await modal();
    await userEvent.click(dialog.getByRole('link', { name: 'Open in the inbox' }));
    await waitFor(() =>
      expect(within(canvasElement).getByTestId('location')).toHaveTextContent(
        /\/users\/2\/inbox\?answer=\d+/,
      ),
    );
    await waitFor(() =>
      expect(within(document.body).queryByRole('dialog', { name: 'Unread answers' })).toBeNull(),
    );
    await expect(await within(canvasElement).findByTestId('inbox-pane')).toBeVisible();
  },
};

/** Records the mark-read calls that leave, in front of the scenario's own handlers. */
const markedRead = fn();
function withUnreadAnswersSpied() {
  const parameters = withUnreadAnswers();
  return {
    ...parameters,
    msw: {
      handlers: [
        http.post('*/api/v1/users/:id/inbox-messages/:messageId/read', ({ params }) => {
          // No answer: the scenario's handler below answers it.
          markedRead(Number(params.messageId));
        }),
        ...parameters.msw.handlers,
      ],
    },
  };
}

/**
 * Signing in and closing the modal at once marks nothing (decision 0080): the badge keeps every unread answer, no
 * call leaves, even after the moment that would have read the first one. The modal does not come back.
 */
export const CloseAtOnceMarksNothing: Story = {
  parameters: withUnreadAnswersSpied(),
  play: async ({ canvasElement }) => {
    markedRead.mockClear();
    const dialog = await modal();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(within(document.body).queryByRole('dialog', { name: 'Unread answers' })).toBeNull(),
    );
    await new Promise((resolve) => setTimeout(resolve, ANSWER_READ_AFTER_MS + 500));
    await expect(badge(canvasElement)).toHaveTextContent(String(UNREAD));
    await expect(markedRead).not.toHaveBeenCalled();
  },
};

/** 'Next' reads the answer stepped past; closing on the second one at once keeps it and the others unread. */
export const CloseAfterNextKeepsTheOthersUnread: Story = {
  parameters: withUnreadAnswersSpied(),
  play: async ({ canvasElement }) => {
    markedRead.mockClear();
    const dialog = await modal();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(within(document.body).queryByRole('dialog', { name: 'Unread answers' })).toBeNull(),
    );
    await new Promise((resolve) => setTimeout(resolve, ANSWER_READ_AFTER_MS + 500));
    await expect(badge(canvasElement)).toHaveTextContent(String(UNREAD - 1));
    await expect(markedRead).toHaveBeenCalledTimes(1);
  },
};

/** When the tutorial shows after sign-in, the unread answers wait for it to be closed. */
export const AfterTheTutorial: Story = {
  // A version seen before this one: the 'new features' tutorial shows first (parameters merge, so not {}).
  parameters: withUnreadAnswers({ appVersion: '2.2.0' }),
  play: async () => {
    const body = within(document.body);
    const tutorial = await body.findByRole('dialog', { name: /New features in version/ });
    await expect(body.queryByRole('dialog', { name: 'Unread answers' })).toBeNull();
    await userEvent.click(within(tutorial).getByRole('button', { name: 'Skip' }));
    await modal();
  },
};

/** Nothing unread: no modal, and the sign-in marker is forgotten. */
export const NothingUnread: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/users/{id}/inbox-messages', {
          status: 200,
          body: EMPTY_INBOX,
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('navigation', { name: 'Main navigation' }),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(
      within(document.body).queryByRole('dialog', { name: 'Unread answers' }),
    ).toBeNull();
  },
};

/** A visit with stored tokens (no sign-in in this tab): no modal, the badge alone says there are answers. */
export const NotWithoutASignIn: Story = {
  // Ends on the same picture as NothingUnread: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  parameters: { app: { freshSignIn: false } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('navigation', { name: 'Main navigation' }),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(
      within(document.body).queryByRole('dialog', { name: 'Unread answers' }),
    ).toBeNull();
  },
};

/** Staff have no answers of their own: signing in never opens the modal. */
export const StaffSignIn: Story = {
  parameters: { app: at(staffUser) },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('navigation', { name: 'Main navigation' }),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(
      within(document.body).queryByRole('dialog', { name: 'Unread answers' }),
    ).toBeNull();
  },
};

export const SmallScreen: Story = {
  parameters: withUnreadAnswers(),
  globals: SMALL_SCREEN,
  play: async () => {
    const dialog = await modal();
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { detail, mockOperation } from '@prospecta/api-client/msw';
import { withApp, withToaster, type AppStoryParameters } from '../../testing/decorators';
import {
  customerInboxInTheApp,
  inboxChangeHandlers,
  labelledInbox,
  resetInboxChanges,
} from '../../testing/inbox';
import { at1440, atWidth, backToTop, WIDTH_VIEWPORTS } from '../../testing/stories';
import { InboxPage } from './InboxPage';

const route = (search = ''): AppStoryParameters['route'] => ({
  initialEntries: [`/users/2/inbox${search}`],
  path: 'users/:userId/inbox',
});

const { scenario, suggestions } = labelledInbox();
const labelledHandlers = inboxChangeHandlers(scenario, suggestions);

const meta = {
  title: 'Screens/Inbox/Labels',
  component: InboxPage,
  decorators: [withToaster, withApp],
  // The handlers remember the labels changed: each story starts from the labelled inbox.
  beforeEach: resetInboxChanges,
  globals: atWidth(1280),
  parameters: {
    layout: 'fullscreen',
    viewport: WIDTH_VIEWPORTS,
    app: { route: route() } satisfies AppStoryParameters,
    msw: { handlers: labelledHandlers },
  },
} satisfies Meta<typeof InboxPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const french = { ...atWidth(1280), locale: 'fr' } as const;
const frenchPhone = { ...atWidth(390), locale: 'fr' } as const;

/** The labels each row carries, in the list's order. */
const rowLabels = (canvas: ReturnType<typeof within>) =>
  canvas.queryAllByTestId('inbox-row-label').map((chip: HTMLElement) => chip.dataset.label);

/** The answer whose row shows this label, opened. */
async function open(canvasElement: HTMLElement, label: string) {
  const canvas = within(canvasElement);
  await canvas.findAllByTestId('inbox-row');
  const chip = canvas.getAllByTestId('inbox-row-label').find((c) => c.dataset.label === label);
  const row = chip?.closest('button');
  if (!row) throw new Error(`no row labelled ${label}`);
  await userEvent.click(row);
  return within(await canvas.findByTestId('inbox-pane'));
}

/** Every kind of answer with its label on the row (colour and name), the filters with their counts. */
export const LabelsOfEachKind: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('inbox-row');
    await expect(new Set(rowLabels(canvas))).toEqual(
      new Set([
        'meeting_requested',
        'interested',
        'auto_reply',
        'wrong_person',
        'not_interested',
        'unsubscribe',
        'other',
      ]),
    );
    // Each chip names its label for everyone, not by colour alone.
    const auto = canvas
      .getAllByTestId('inbox-row-label')
      .find((c) => c.dataset.label === 'auto_reply');
    await expect(auto).toHaveTextContent('Label: Automatic reply');
    const filters = within(canvas.getByRole('navigation', { name: 'Filter the answers' }));
    await expect(filters.getByRole('link', { name: 'All (11)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(filters.getByRole('link', { name: 'To answer (7)' })).toBeVisible();
    await expect(filters.getByRole('link', { name: 'Interested (2)' })).toBeVisible();
    await expect(filters.getByRole('link', { name: 'Automatic replies (1)' })).toBeVisible();
    // §2: the count to handle leaves out the automatic reply, the refusals and the unsubscribe request.
    await expect(canvas.getByTestId('inbox-count')).toHaveTextContent(
      /^7 answers to handle, 3 unread$/,
    );
  },
};

export const LabelsOfEachKindFrench: Story = {
  globals: french,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('inbox-row');
    // toHaveTextContent reads the no-break spaces of French punctuation as spaces.
    const auto = canvas
      .getAllByTestId('inbox-row-label')
      .find((c) => c.dataset.label === 'auto_reply');
    await expect(auto).toHaveTextContent('Étiquette : Réponse automatique');
    const filters = within(canvas.getByRole('navigation', { name: 'Filtrer les réponses' }));
    await expect(filters.getByRole('link', { name: 'À répondre (7)' })).toBeVisible();
    await expect(filters.getByRole('link', { name: 'Réponses automatiques (1)' })).toBeVisible();
    await expect(canvas.getByTestId('inbox-count')).toHaveTextContent(/^7 réponses à traiter/);
  },
};

/** A phone: the filters wrap above the list, the chips stay on the rows. */
export const LabelsOnAPhone: Story = {
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('inbox-row');
    await expect(canvas.getAllByTestId('inbox-row-label').length).toBe(8);
    await expect(canvas.getByRole('link', { name: 'Automatic replies (1)' })).toBeVisible();
  },
};

/**
 * 'To answer', chosen with the keyboard: the address keeps the filter, the server lists the answers that wait for
 * one (no automatic reply, refusal or unsubscribe request).
 */
export const FilterNeedsAnswerByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('inbox-row');
    const link = canvas.getByRole('link', { name: 'To answer (7)' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'));
    await waitFor(() => expect(canvas.getAllByTestId('inbox-row')).toHaveLength(7));
    await expect(new Set(rowLabels(canvas))).toEqual(
      new Set(['meeting_requested', 'interested', 'wrong_person', 'other']),
    );
    await expect(link.getAttribute('href')).toContain('filter=needs_answer');
    backToTop();
  },
};

/** Opened on an address that names the filter: 'Interested' lists the interested answers and meeting requests. */
export const FilterInterestedFromTheAddressFrench: Story = {
  globals: french,
  parameters: { app: { route: route('?filter=interested') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('inbox-row')).toHaveLength(2));
    await expect(rowLabels(canvas)).toEqual(['meeting_requested', 'interested']);
    await expect(canvas.getByRole('link', { name: 'Intéressés (2)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** A filter without answers says what it would list and leads back to all of them. */
export const FilterEmpty: Story = {
  parameters: {
    app: { route: route('?filter=auto_replies') },
    msw: { handlers: inboxChangeHandlers() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'No automatic reply' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Automatic replies (0)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Show all the answers' }));
    await expect((await canvas.findAllByTestId('inbox-row')).length).toBeGreaterThan(0);
  },
};

export const FilterEmptyFrenchPhone: Story = {
  globals: frenchPhone,
  parameters: {
    app: { route: route('?filter=auto_replies') },
    msw: { handlers: inboxChangeHandlers() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Aucune réponse automatique' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Afficher toutes les réponses' })).toBeVisible();
  },
};

/**
 * The pane presents the label as a suggestion made when the answer arrived, with the colleague a wrong-person answer
 * points to, and the control that changes it.
 */
export const SuggestionInThePane: Story = {
  play: async ({ canvasElement }) => {
    const pane = await open(canvasElement, 'wrong_person');
    const box = within(pane.getByTestId('answer-label'));
    await expect(box.getByTestId('answer-label-origin')).toHaveTextContent(
      'Suggested when the answer arrived: check it and change it if it is wrong.',
    );
    await expect(box.getByTestId('answer-referral')).toHaveTextContent(
      'Points to ops.lead@northwind.example.com as the right contact.',
    );
    await expect(box.getByRole('combobox', { name: 'Label of this answer' })).toHaveTextContent(
      'Wrong person or referral',
    );
    await expect(pane.queryByText(/\bAI\b/)).not.toBeInTheDocument();
  },
};

/** An uncertain suggestion says so, in French on a phone. */
export const UnsureSuggestionFrenchPhone: Story = {
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const pane = await open(canvasElement, 'other');
    await expect(pane.getByTestId('answer-label-origin')).toHaveTextContent(
      'Suggérée à l’arrivée de la réponse, avec peu de certitude : vérifiez-la et changez-la si elle est fausse.',
    );
    await expect(
      pane.getByRole('combobox', { name: 'Étiquette de cette réponse' }),
    ).toHaveTextContent('Autre');
    centre(pane.getByTestId('answer-label'));
  },
};

/** Keeps the label box in the middle of the picture (the phone's pane sits below the list). */
function centre(element: HTMLElement) {
  element.scrollIntoView({ block: 'center', behavior: 'instant' });
  element.ownerDocument.documentElement.dataset.storyView = 'placed';
}

/**
 * Changing the label: the row, the filters' counts and the count to handle follow, the pane says it was chosen by
 * hand, and the history records who changed it from what to what.
 */
export const ChangeTheLabel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pane = await open(canvasElement, 'interested');
    await userEvent.click(pane.getByRole('combobox', { name: 'Label of this answer' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('option', { name: 'Automatic reply' }));
    await waitFor(() =>
      expect(pane.getByTestId('answer-label-origin')).toHaveTextContent(
        'Chosen by hand; the history says who changed it.',
      ),
    );
    await expect(
      await pane.findByText(
        'Élodie Lefèvre changed the label of an answer from “Interested” to “Automatic reply”.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: 'Automatic replies (2)' })).toBeVisible(),
    );
    await expect(canvas.getByTestId('inbox-count')).toHaveTextContent(/^6 answers to handle/);
    backToTop();
  },
};

/** While the change is saved: the chosen label shows, the control waits, a spinner says what happens. */
export const ChangePending: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put('*/api/v1/users/:id/inbox-messages/:messageId/label', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
        ...labelledHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const pane = await open(canvasElement, 'interested');
    await userEvent.click(pane.getByRole('combobox', { name: 'Label of this answer' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('option', { name: 'Not interested' }));
    const box = within(pane.getByTestId('answer-label'));
    await expect(await box.findByRole('status', { name: 'Saving the label…' })).toBeVisible();
    await expect(box.getByRole('combobox', { name: 'Label of this answer' })).toBeDisabled();
    await expect(box.getByRole('combobox', { name: 'Label of this answer' })).toHaveTextContent(
      'Not interested',
    );
    backToTop();
  },
};

export const ChangePendingFrenchPhone: Story = {
  globals: frenchPhone,
  parameters: ChangePending.parameters,
  play: async ({ canvasElement }) => {
    const pane = await open(canvasElement, 'interested');
    await userEvent.click(pane.getByRole('combobox', { name: 'Étiquette de cette réponse' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('option', { name: 'Pas intéressé' }));
    await expect(
      await pane.findByRole('status', { name: 'Enregistrement de l’étiquette…' }),
    ).toBeVisible();
    centre(pane.getByTestId('answer-label'));
  },
};

/** A change the server refuses: the answer's label comes back, and the pane says so. */
export const ChangeFailedRollsBack: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('put', '/api/v1/users/{id}/inbox-messages/{messageId}/label', {
          status: 404,
          body: detail('Not found.'),
        }),
        ...labelledHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pane = await open(canvasElement, 'interested');
    await userEvent.click(pane.getByRole('combobox', { name: 'Label of this answer' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('option', { name: 'Other' }));
    await expect(await pane.findByRole('alert')).toHaveTextContent(
      'The label could not be changed; it is back to “Interested”. Please try again.',
    );
    await expect(pane.getByRole('combobox', { name: 'Label of this answer' })).toHaveTextContent(
      'Interested',
    );
    await expect(canvas.getByRole('link', { name: 'Interested (2)' })).toBeVisible();
    backToTop();
  },
};

export const ChangeFailedFrench: Story = {
  globals: french,
  parameters: ChangeFailedRollsBack.parameters,
  play: async ({ canvasElement }) => {
    const pane = await open(canvasElement, 'interested');
    await userEvent.click(pane.getByRole('combobox', { name: 'Étiquette de cette réponse' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('option', { name: 'Autre' }));
    await expect(await pane.findByRole('alert')).toHaveTextContent(
      'L’étiquette n’a pas pu être changée ; elle est revenue à « Intéressé ». Veuillez réessayer.',
    );
    backToTop();
  },
};

// ── in the whole app on a 1440 px laptop ──

/** The inbox where it lives at 1440 px: beside the sidebar, under the top bar. */
const inTheApp = (story: Story, search = ''): Story => ({
  ...at1440(story),
  parameters: {
    ...story.parameters,
    app: customerInboxInTheApp(search),
  },
});

export const LabelsOfEachKindInTheAppAt1440 = inTheApp(LabelsOfEachKind);
export const LabelsOfEachKindInTheAppFrenchAt1440 = inTheApp(LabelsOfEachKindFrench);
export const SuggestionInThePaneInTheAppAt1440 = inTheApp(SuggestionInThePane);
export const FilterEmptyInTheAppFrenchAt1440 = inTheApp(
  FilterEmptyFrenchPhone,
  '?filter=auto_replies',
);

/** Chooses "Unsubscribe request" in the pane of the answer labelled `from`, and returns the question asked. */
async function chooseUnsubscribe(
  canvasElement: HTMLElement,
  from: string,
  field: string,
  option: string,
) {
  const pane = await open(canvasElement, from);
  await userEvent.click(pane.getByRole('combobox', { name: field }));
  const page = within(canvasElement.ownerDocument.body);
  await userEvent.click(await page.findByRole('option', { name: option }));
  return { pane, dialog: within(await page.findByRole('alertdialog')) };
}

/**
 * "Unsubscribe request" unsubscribes the prospect as the link does (decision 0250): the pane asks first, saying what
 * it does, and nothing is changed until the answer is yes.
 */
export const UnsubscribeAsksFirst: Story = {
  play: async ({ canvasElement }) => {
    const { pane, dialog } = await chooseUnsubscribe(
      canvasElement,
      'not_interested',
      'Label of this answer',
      'Unsubscribe request',
    );
    await expect(dialog.getByRole('heading', { name: /^Unsubscribe .+\?$/ })).toBeVisible();
    await expect(
      dialog.getByText(
        'Labelled “Unsubscribe request”, this answer unsubscribes the prospect as the unsubscribe link does: the sequence stops and the address goes on the suppression list, so no campaign writes to it again.',
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Label and unsubscribe' })).toBeVisible();
    // Behind the question (hidden from assistive technologies while it is open), the label has not changed.
    await expect(
      pane.getByRole('combobox', { name: 'Label of this answer', hidden: true }),
    ).toHaveTextContent('Not interested');
  },
};

export const UnsubscribeAsksFirstFrenchPhone: Story = {
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const { pane, dialog } = await chooseUnsubscribe(
      canvasElement,
      'not_interested',
      'Étiquette de cette réponse',
      'Demande de désinscription',
    );
    // The text query reads the no-break spaces of French punctuation as spaces (the heading's name keeps them).
    await expect(dialog.getByRole('heading', { name: /^Désinscrire .+\s\?$/ })).toBeVisible();
    await expect(
      dialog.getByText(
        'Étiquetée « Demande de désinscription », cette réponse désinscrit le prospect comme le lien de désinscription : la séquence s’arrête et l’adresse va sur la liste de suppression, aucune campagne ne lui écrira plus.',
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Garder l’étiquette' })).toBeVisible();
    centre(pane.getByTestId('answer-label'));
  },
};

/**
 * Yes: the label is saved, and while it holds a sentence under the control says the address is suppressed and what
 * another label does.
 */
export const UnsubscribedSaysWhatAnotherLabelDoesPhone: Story = {
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const { pane, dialog } = await chooseUnsubscribe(
      canvasElement,
      'not_interested',
      'Label of this answer',
      'Unsubscribe request',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Label and unsubscribe' }));
    await waitFor(() =>
      expect(pane.getByTestId('answer-label-origin')).toHaveTextContent(
        'Chosen by hand; the history says who changed it.',
      ),
    );
    await expect(pane.getByTestId('answer-label-unsubscribed')).toHaveTextContent(
      'The prospect is unsubscribed: the address is on the suppression list and the sequence is stopped. Another label takes the address off the list again, unless the prospect also used the unsubscribe link or a mail to the address came back undelivered.',
    );
    await expect(
      within(canvasElement.ownerDocument.body).queryByRole('alertdialog'),
    ).not.toBeInTheDocument();
    centre(pane.getByTestId('answer-label'));
  },
};

/** An answer the classifier labelled "Unsubscribe request" says the same, in French. */
export const UnsubscribedSaysWhatAnotherLabelDoesFrench: Story = {
  globals: french,
  play: async ({ canvasElement }) => {
    const pane = await open(canvasElement, 'unsubscribe');
    await expect(pane.getByTestId('answer-label-unsubscribed')).toHaveTextContent(
      'Le prospect est désinscrit : l’adresse est sur la liste de suppression et la séquence est arrêtée. Une autre étiquette retire l’adresse de la liste, sauf si le prospect a aussi utilisé le lien de désinscription ou si un e-mail à cette adresse est revenu en erreur.',
    );
    backToTop();
  },
};

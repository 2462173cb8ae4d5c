import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Prospect } from '@prospecta/api-client';
import { detail, fixtureHandlers, mockOperation } from '@prospecta/api-client/msw';
import {
  createScenario,
  fixtureDate,
  makeComment,
  makeHistoryEntry,
  makeProspect,
  makeTag,
} from '@prospecta/api-client/fixtures';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { atWidth, WIDTH_VIEWPORTS } from '../../testing/stories';
import { customerUser, staffUser } from '../../testing/users';
import { AppToaster } from '../shell';
import { createCommentDraftStore } from './model/comment';
import { ProspectDetailModal } from './components/ProspectDetailModal';

/** One prospect with every history entry type, several comments and tags. */
function richProspect(): Prospect {
  const base = makeProspect(1, { status: 'ongoing', hasResponses: true, userId: 2 }, { id: 1001 });
  return {
    ...base,
    first_name: 'Claire',
    last_name: 'Fontaine',
    tags: [makeTag(1), makeTag(2)],
    history: [
      makeHistoryEntry('status_change', 9, {
        id: 9,
        event_date: '2026-03-09T08:00:00Z',
        from: 'pending',
        to: 'ongoing',
        content: '',
      }),
      makeHistoryEntry('email', 8, {
        id: 8,
        event_date: '2026-03-08T08:00:00Z',
        direction: 'inbound',
        content: 'Merci, rappelez-moi jeudi.',
      }),
      makeHistoryEntry('email', 7, {
        id: 7,
        event_date: '2026-03-07T08:00:00Z',
        direction: 'outbound',
        content: 'Bonjour Claire, …',
      }),
      makeHistoryEntry('linkedin_message', 6, {
        id: 6,
        event_date: '2026-03-06T08:00:00Z',
        direction: 'outbound',
        content: 'Invitation acceptée.',
      }),
      makeHistoryEntry('event', 5, {
        id: 5,
        event_date: '2026-03-05T08:00:00Z',
        direction: null,
        // The server's English record; the app writes the event from its code and values.
        content: 'Added to campaign "Lancement SaaS RH"',
        event: { code: 'added_to_campaign', step: null, campaign: 'Lancement SaaS RH' },
      }),
      makeHistoryEntry('note', 4, {
        id: 4,
        event_date: '2026-03-04T08:00:00Z',
        direction: null,
        content: 'Contact recommandé par le directeur.',
      }),
    ],
    comments: [
      makeComment(1, {
        id: 71,
        prospect_id: 1001,
        content: 'Rappeler jeudi matin.',
        activity: 'REACHED',
      }),
      makeComment(2, { id: 72, prospect_id: 1001, content: '', activity: 'NOT_REACHED' }),
    ],
  };
}

/** The reads of the api-client scenario, with the rich prospect in it. */
function handlersWith(prospect: Prospect = richProspect()) {
  const scenario = createScenario();
  scenario.prospects = [prospect, ...scenario.prospects.filter((p) => p.id !== prospect.id)];
  return fixtureHandlers(scenario);
}

/**
 * The rich prospect as the server keeps it during one story: the story's own handlers answer its change and update
 * `prospect.current`, and the prospect's read (which the app makes again after a change) answers the latest version.
 */
function afterChange(change: (prospect: { current: Prospect }) => HttpHandler[]): HttpHandler[] {
  const prospect = { current: richProspect() };
  return [
    ...change(prospect),
    mockOperation('get', '/api/v2/prospects/{id}', () => ({ status: 200, body: prospect.current })),
    ...handlersWith(),
  ];
}

/**
 * A contact replacement during a story: the server's answer (Paul Girard, the new contact, pending) and the new
 * contact's read, which the modal makes when it switches to them.
 */
function replacementHandlers(): HttpHandler[] {
  const scenario = createScenario();
  const rich = richProspect();
  const contact = makeProspect(
    2,
    { status: 'pending', userId: 2 },
    { id: 1002, first_name: 'Paul', last_name: 'Girard' },
  );
  scenario.prospects = [
    rich,
    contact,
    ...scenario.prospects.filter((p) => p.id !== rich.id && p.id !== contact.id),
  ];
  return [
    mockOperation('post', '/api/v1/prospects/{id}/substitute', { status: 201, body: contact }),
    ...fixtureHandlers(scenario),
  ];
}

/** When a change made during a story happened (a week after the fixtures' epoch). */
const CHANGED_AT = fixtureDate(24 * 7);

const meta = {
  title: 'Screens/Prospect/Detail',
  component: ProspectDetailModal,
  args: { prospectId: 1001, onClose: () => undefined },
  decorators: [
    (Story, context) => (
      <>
        <Story args={{ ...context.args, commentDrafts: createCommentDraftStore(null) }} />
        <AppToaster />
      </>
    ),
    withApp,
  ],
  parameters: {
    layout: 'fullscreen',
    app: {
      route: { initialEntries: ['/users/2/dashboard'], path: 'users/:userId/dashboard' },
    } satisfies AppStoryParameters,
    msw: { handlers: handlersWith() },
  },
} satisfies Meta<typeof ProspectDetailModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const openDialog = async (canvasElement: HTMLElement) =>
  page(canvasElement).findByRole('dialog', { name: 'Claire Fontaine' });

/** Every field of §2 and every history entry type, including a status change from → to. */
export const EveryHistoryType: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    for (const label of [
      'First name',
      'Last name',
      'Position',
      'Phone',
      'Direct line',
      'E-mail',
      'LinkedIn',
      'Company name',
      'Address',
      'Website',
      'Reference number',
    ]) {
      await expect(dialog.getByText(label, { selector: 'dt' })).toBeInTheDocument();
    }
    const history = within(dialog.getByTestId('history-list'));
    const types = history
      .getAllByTestId('history-entry')
      .map((entry) => entry.getAttribute('data-type'));
    await expect(types).toEqual([
      'status_change',
      'email',
      'email',
      'linkedin_message',
      'event',
      'note',
    ]);
    await expect(
      history.getByText('The status changed from “Pending” to “Ongoing”.'),
    ).toBeInTheDocument();
    await expect(
      history.getByText('Added to the campaign “Lancement SaaS RH”.'),
    ).toBeInTheDocument();
    await expect(
      history.queryByText('Added to campaign "Lancement SaaS RH"'),
    ).not.toBeInTheDocument();
    await expect(dialog.getByTestId('interactions-summary')).toHaveTextContent(
      '2 messages sent, 1 answer received.',
    );
    // Score is staff-only.
    await expect(dialog.queryByText('Score', { selector: 'dt' })).not.toBeInTheDocument();
  },
};

/** Staff see the score. */
export const StaffSeesTheScore: Story = {
  parameters: {
    app: {
      route: { initialEntries: ['/users/2/dashboard'], path: 'users/:userId/dashboard' },
      user: staffUser,
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    await expect(dialog.getByText('Score', { selector: 'dt' })).toBeInTheDocument();
  },
};

/** French texts. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const dialog = within(
      await page(canvasElement).findByRole('dialog', { name: 'Claire Fontaine' }),
    );
    await expect(dialog.getByText('Historique des actions')).toBeInTheDocument();
    await expect(
      dialog.getByText('Le statut est passé de « En attente » à « En cours ».'),
    ).toBeInTheDocument();
    // Server events in the user's language.
    await expect(
      dialog.getByText('Ajouté à la campagne « Lancement SaaS RH ».'),
    ).toBeInTheDocument();
  },
};

/** A prospect of a running campaign: its e-mails' opens and clicks, a bounce and an unsubscribe, as the engine records them. */
function engineProspect(): Prospect {
  const rich = richProspect();
  const event = (
    id: number,
    code: 'email_opened' | 'link_clicked' | 'email_bounced' | 'unsubscribed',
    step: number | null,
    content: string,
  ) =>
    makeHistoryEntry('event', id, {
      id,
      event_date: `2026-03-${String(id).padStart(2, '0')}T08:00:00Z`,
      direction: null,
      // The server's English record; the app writes the event from its code and values.
      content,
      event: { code, step, campaign: 'Lancement SaaS RH' },
    });
  return {
    ...rich,
    history: [
      event(14, 'unsubscribed', null, 'Unsubscribed from campaign "Lancement SaaS RH"'),
      event(13, 'email_bounced', 2, 'Email 2 bounced'),
      event(12, 'link_clicked', 1, 'Link clicked in email 1'),
      event(11, 'email_opened', 1, 'Email 1 opened'),
    ],
  };
}

/** The campaign engine's events in the history: an open, a click, a bounce and an unsubscribe. */
export const CampaignEngineEvents: Story = {
  parameters: { msw: { handlers: handlersWith(engineProspect()) } },
  play: async ({ canvasElement }) => {
    const history = within(within(await openDialog(canvasElement)).getByTestId('history-list'));
    const texts = history
      .getAllByTestId('history-entry')
      .map((entry) => entry.querySelector('p')?.textContent);
    await expect(texts).toEqual([
      'Unsubscribed from the e-mails of the campaign “Lancement SaaS RH”.',
      'E-mail 2 could not be delivered: the address refused it.',
      'A link in e-mail 1 was clicked.',
      'E-mail 1 was opened.',
    ]);
    // The server's English records are not shown.
    await expect(history.queryByText('Email 2 bounced')).not.toBeInTheDocument();
  },
};

/** The campaign engine's events in French. */
export const CampaignEngineEventsFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { msw: { handlers: handlersWith(engineProspect()) } },
  play: async ({ canvasElement }) => {
    const history = within(within(await openDialog(canvasElement)).getByTestId('history-list'));
    const texts = history
      .getAllByTestId('history-entry')
      .map((entry) => entry.querySelector('p')?.textContent);
    await expect(texts).toEqual([
      'Désinscription des e-mails de la campagne «\u00a0Lancement SaaS RH\u00a0».',
      'L’e-mail 2 n’a pas pu être remis\u00a0: l’adresse l’a refusé.',
      'Un lien de l’e-mail 1 a été cliqué.',
      'L’e-mail 1 a été ouvert.',
    ]);
  },
};

/** Loading, then the prospect. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v2/prospects/:id', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText('Loading the prospect…', { selector: 'span' }),
    ).toBeInTheDocument();
  },
};

/** The prospect cannot be loaded: the error said once (not in the title and the body), with a retry. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v2/prospects/{id}', { status: 404, body: detail('Not found.') }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(
      await page(canvasElement).findByRole('dialog', { name: 'Details of the prospect' }),
    );
    await expect(await dialog.findAllByText('The prospect could not be loaded.')).toHaveLength(1);
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** An empty comment shows the §5 error and is not sent. */
export const EmptyCommentError: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const before = dialog.getAllByTestId('comment').length;
    await userEvent.click(dialog.getByRole('button', { name: 'Add the comment' }));
    await expect(
      await dialog.findByText('Either content or activity must be provided'),
    ).toBeInTheDocument();
    await expect(dialog.getAllByTestId('comment')).toHaveLength(before);
  },
};

/** A comment with only an activity is saved. */
export const ActivityOnlyComment: Story = {
  parameters: {
    msw: {
      handlers: afterChange((prospect) => [
        mockOperation('post', '/api/v1/prospects/{id}/comment', async ({ json }) => {
          const { content, activity } = await json();
          const comment = makeComment(1, {
            id: 790,
            prospect_id: prospect.current.id,
            content: content ?? '',
            activity: activity || null,
            created_at: CHANGED_AT,
            author: { id: customerUser.id, full_name: customerUser.full_name },
          });
          prospect.current = {
            ...prospect.current,
            comments: [comment, ...prospect.current.comments],
          };
          return { status: 201, body: comment };
        }),
      ]),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const before = dialog.getAllByTestId('comment').length;
    await userEvent.click(dialog.getByRole('combobox', { name: 'Activity' }));
    await userEvent.click(
      await page(canvasElement).findByRole('option', { name: 'Incoming call' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Add the comment' }));
    await expect(
      await page(canvasElement).findByText('The comment has been added.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialog.getAllByTestId('comment')).toHaveLength(before + 1));
  },
};

/** A failed save keeps the typed text and says so. */
export const CommentSaveFailureKeepsTheText: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/prospects/{id}/comment', {
          status: 403,
          body: detail('Forbidden.'),
        }),
        ...handlersWith(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const box = dialog.getByRole('textbox', { name: 'New comment' });
    await userEvent.type(box, 'Très intéressé, à rappeler');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the comment' }));
    await expect(await dialog.findByTestId('comment-save-error')).toHaveTextContent(
      'The comment could not be saved. Your text has been kept: please try again.',
    );
    await expect(box).toHaveValue('Très intéressé, à rappeler');
  },
};

/** Convert asks yes/no; "no" changes nothing. */
export const ConfirmationAnsweredNo: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const actions = dialog.getByRole('group', { name: 'Change the status' });
    const place = () => ({
      buttons: within(actions)
        .getAllByRole('button', { hidden: true })
        .map((button) => button.textContent),
      top: Math.round(dialog.getByTestId('prospect-status').getBoundingClientRect().top),
    });
    const before = place();
    await userEvent.click(dialog.getByRole('button', { name: 'Convert' }));
    const confirm = await page(canvasElement).findByRole('alertdialog', {
      name: 'Mark Claire Fontaine as a new opportunity?',
    });
    // The question leaves the modal's action buttons in place and its header where it was.
    await expect(place()).toEqual(before);
    await expect(confirm).toHaveTextContent(
      'The status will change from “Ongoing” to “New opportunity”.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() =>
      expect(page(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument(),
    );
    await expect(dialog.getByTestId('prospect-status')).toHaveTextContent('Ongoing');
  },
};

/** Convert, confirmed: the status changes and says so. */
export const ConvertConfirmed: Story = {
  parameters: {
    msw: {
      handlers: afterChange((prospect) => [
        mockOperation('put', '/api/v1/prospects/{id}/status', async ({ json }) => {
          const to = (await json()).prospecting_status;
          prospect.current = {
            ...prospect.current,
            prospecting_status: to,
            event_date: CHANGED_AT,
            history: [
              makeHistoryEntry('status_change', 10, {
                id: 10,
                event_date: CHANGED_AT,
                from: prospect.current.prospecting_status,
                to,
                content: `${prospect.current.prospecting_status} → ${to}`,
              }),
              ...prospect.current.history,
            ],
          };
          return { status: 200, body: prospect.current };
        }),
      ]),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    await userEvent.click(dialog.getByRole('button', { name: 'Convert' }));
    const confirm = await page(canvasElement).findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await expect(
      await page(canvasElement).findByText('The status is now “New opportunity”.'),
    ).toBeInTheDocument();
    await expect(dialog.getByTestId('prospect-status')).toHaveTextContent('New opportunity');
    // A converted prospect cannot be nurtured (rules.ts): the action is gone.
    await expect(dialog.queryByRole('button', { name: 'Nurture' })).not.toBeInTheDocument();
  },
};

/** The server refuses (409): the status rolls back visibly and an error toast says so. */
export const RefusedStatusRollsBack: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put('*/api/v1/prospects/:id/status', async () => {
          await delay(300);
          return HttpResponse.json({ detail: 'This transition is not allowed.' }, { status: 409 });
        }),
        ...handlersWith(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    await userEvent.click(dialog.getByRole('button', { name: 'Lose' }));
    await userEvent.click(
      within(await page(canvasElement).findByRole('alertdialog')).getByRole('button', {
        name: 'Yes',
      }),
    );
    await expect(dialog.getByTestId('prospect-status')).toHaveTextContent('Lost');
    await expect(
      await page(canvasElement).findByText(
        'The server refused this status change (the prospect may have changed meanwhile). The prospect is back to “Ongoing”.',
      ),
    ).toBeInTheDocument();
    await expect(dialog.getByTestId('prospect-status')).toHaveTextContent('Ongoing');
    await expect(dialog.getByTestId('status-rollback')).toHaveTextContent(
      'The change was undone: the prospect is back to “Ongoing”.',
    );
  },
};

/** Tags: attach by label from a suggestion, detach. */
export const Tags: Story = {
  parameters: {
    msw: {
      handlers: afterChange((prospect) => [
        mockOperation('post', '/api/v1/prospects/{id}/tags/attach', async ({ json }) => {
          const label = (await json()).label.trim();
          const tag = createScenario().tags.find((t) => t.label === label) ?? makeTag(9, { label });
          prospect.current = { ...prospect.current, tags: [...prospect.current.tags, tag] };
          return { status: 200, body: tag };
        }),
        mockOperation('post', '/api/v1/prospects/{id}/tags/detach', async ({ json }) => {
          const { tag_id } = await json();
          prospect.current = {
            ...prospect.current,
            tags: prospect.current.tags.filter((t) => t.id !== tag_id),
          };
          return { status: 204 };
        }),
      ]),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const before = dialog.getAllByTestId('prospect-tag').length;
    const suggestions = within(await dialog.findByTestId('tag-suggestions'));
    const suggestion = suggestions.getAllByRole('button')[0] as HTMLElement;
    const label = suggestion.textContent ?? '';
    await userEvent.click(suggestion);
    await waitFor(() => expect(dialog.getAllByTestId('prospect-tag')).toHaveLength(before + 1));
    await userEvent.click(
      dialog.getByRole('button', { name: `Remove the tag “${label}” from this prospect` }),
    );
    await waitFor(() => expect(dialog.getAllByTestId('prospect-tag')).toHaveLength(before));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Add a tag' }), '   {Enter}');
    await expect(await dialog.findByText('Type a label for the tag.')).toBeInTheDocument();
  },
};

/** Replacement: once started, the reason, the names and the agreement are required. */
export const Replacement: Story = {
  parameters: { msw: { handlers: replacementHandlers() } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    await userEvent.click(dialog.getByRole('button', { name: 'Replace this contact' }));
    const form = within(dialog.getByTestId('replacement-form'));
    await userEvent.click(form.getByRole('button', { name: 'Replace the contact' }));
    await expect(await form.findAllByText('Required')).toHaveLength(3);
    await expect(form.getByText('Tick the box to confirm the replacement.')).toBeInTheDocument();
    await userEvent.type(form.getByRole('textbox', { name: /First name/ }), 'Paul');
    await userEvent.type(form.getByRole('textbox', { name: /Last name/ }), 'Girard');
    await userEvent.type(
      form.getByRole('textbox', { name: /Reason for replacing/ }),
      'Claire a quitté l’entreprise.',
    );
    await userEvent.click(
      form.getByRole('checkbox', { name: /I confirm that this contact will be replaced/ }),
    );
    await userEvent.click(form.getByRole('button', { name: 'Replace the contact' }));
    await expect(
      await page(canvasElement).findByText('The contact has been replaced.'),
    ).toBeInTheDocument();
    // The modal now shows the new contact, never the old one (lost), and says whom it replaces.
    await expect(
      await page(canvasElement).findByRole('dialog', { name: 'Paul Girard' }),
    ).toBeInTheDocument();
    await expect(dialog.getByTestId('replacement-notice')).toHaveTextContent(
      'You now see Paul Girard, the new contact who replaces Claire Fontaine.',
    );
    await expect(dialog.getByTestId('prospect-status')).toHaveTextContent('Pending');
  },
};

/** Opens the replacement form; answers where the form and its first-name and last-name boxes lie. */
const openReplacementForm = async (canvasElement: HTMLElement) => {
  const dialog = within(await openDialog(canvasElement));
  await userEvent.click(dialog.getByRole('button', { name: 'Replace this contact' }));
  const formElement = dialog.getByTestId('replacement-form');
  const form = within(formElement);
  return {
    form: formElement.getBoundingClientRect(),
    first: form.getByRole('textbox', { name: /First name/ }).getBoundingClientRect(),
    last: form.getByRole('textbox', { name: /Last name/ }).getBoundingClientRect(),
  };
};

/** At 1280 px, the first and last names share a row, each half of it: neither stands beside an empty cell. */
export const ReplacementFormAt1280: Story = {
  parameters: { viewport: WIDTH_VIEWPORTS },
  globals: atWidth(1280),
  play: async ({ canvasElement }) => {
    const { form, first, last } = await openReplacementForm(canvasElement);
    await expect(Math.abs(first.top - last.top)).toBeLessThan(1);
    await expect(last.left).toBeGreaterThan(first.right);
    await expect(Math.abs(first.width - last.width)).toBeLessThan(1);
    await expect(first.width + last.width).toBeGreaterThan(form.width * 0.8);
  },
};

/** On a phone (390 px), each name takes the whole width of the form, one below the other. */
export const ReplacementFormAt390: Story = {
  parameters: { viewport: WIDTH_VIEWPORTS },
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const { form, first, last } = await openReplacementForm(canvasElement);
    await expect(last.top).toBeGreaterThan(first.bottom);
    await expect(Math.abs(first.left - last.left)).toBeLessThan(1);
    await expect(first.width).toBeGreaterThan(form.width * 0.8);
    await expect(last.width).toBeGreaterThan(form.width * 0.8);
  },
};

/** French: after the replacement, the new contact and whom it replaces. */
export const ReplacementFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { msw: { handlers: replacementHandlers() } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    await userEvent.click(dialog.getByRole('button', { name: 'Remplacer ce contact' }));
    const form = within(dialog.getByTestId('replacement-form'));
    await userEvent.type(form.getByRole('textbox', { name: /Prénom/ }), 'Paul');
    await userEvent.type(form.getByRole('textbox', { name: /^Nom/ }), 'Girard');
    await userEvent.type(
      form.getByRole('textbox', { name: /Raison du remplacement/ }),
      'Claire a quitté l’entreprise.',
    );
    await userEvent.click(form.getByRole('checkbox', { name: /Je confirme/ }));
    await userEvent.click(form.getByRole('button', { name: 'Remplacer le contact' }));
    await expect(
      await page(canvasElement).findByRole('dialog', { name: 'Paul Girard' }),
    ).toBeInTheDocument();
    await expect(dialog.getByTestId('replacement-notice')).toHaveTextContent(
      'Vous voyez maintenant Paul Girard, le nouveau contact qui remplace Claire Fontaine.',
    );
  },
};

/** Deleting a tag everywhere asks first, then removes it from the prospect. */
export const DeleteTagEverywhere: Story = {
  parameters: {
    msw: {
      handlers: afterChange((prospect) => [
        mockOperation('delete', '/api/v1/prospects/tags/{id}', ({ params }) => {
          prospect.current = {
            ...prospect.current,
            tags: prospect.current.tags.filter((t) => t.id !== Number(params.id)),
          };
          return { status: 204 };
        }),
      ]),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const tags = dialog.getAllByTestId('prospect-tag');
    const label = tags[0]?.querySelector('span')?.textContent ?? '';
    await userEvent.click(
      dialog.getByRole('button', { name: `Delete the tag “${label}” everywhere` }),
    );
    const confirm = await page(canvasElement).findByRole('alertdialog', {
      name: `Delete the tag “${label}”?`,
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await expect(
      await page(canvasElement).findByText(`The tag “${label}” has been deleted.`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getAllByTestId('prospect-tag')).toHaveLength(tags.length - 1),
    );
  },
};

/** Deleting a comment asks first, then removes it. */
export const DeleteComment: Story = {
  parameters: {
    msw: {
      handlers: afterChange((prospect) => [
        mockOperation('delete', '/api/v1/prospects/{id}/comment/{commentId}', ({ params }) => {
          prospect.current = {
            ...prospect.current,
            comments: prospect.current.comments.filter((c) => c.id !== Number(params.commentId)),
          };
          return { status: 204 };
        }),
      ]),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const before = dialog.getAllByTestId('comment').length;
    await userEvent.click(
      dialog.getAllByRole('button', { name: 'Delete the comment' })[0] as HTMLElement,
    );
    const confirm = await page(canvasElement).findByRole('alertdialog', {
      name: 'Delete this comment?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(dialog.getAllByTestId('comment')).toHaveLength(before - 1));
  },
};

/** A customer may delete only their own comments: a staff member's comment shows no delete button. */
export const CustomerSeesNoDeleteOnStaffComment: Story = {
  parameters: {
    msw: {
      handlers: handlersWith({
        ...richProspect(),
        comments: [
          makeComment(1, {
            id: 71,
            prospect_id: 1001,
            content: 'Rappeler jeudi matin.',
            activity: 'REACHED',
            author: { id: staffUser.id, full_name: staffUser.full_name },
          }),
          makeComment(2, { id: 72, prospect_id: 1001, content: '', activity: 'NOT_REACHED' }),
        ],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const [staffComment, ownComment] = dialog.getAllByTestId('comment') as HTMLElement[];
    await expect(
      within(staffComment as HTMLElement).queryByRole('button', { name: 'Delete the comment' }),
    ).toBeNull();
    await expect(
      within(ownComment as HTMLElement).getByRole('button', { name: 'Delete the comment' }),
    ).toBeInTheDocument();
  },
};

/** The server refuses a deletion as someone else's comment (403 `comment_not_yours`). */
const notYoursHandlers = () => [
  mockOperation('delete', '/api/v1/prospects/{id}/comment/{commentId}', {
    status: 403,
    body: {
      ...detail('Only its author or staff may delete this comment.'),
      code: 'comment_not_yours',
    },
  }),
  ...handlersWith(),
];

/**
 * A deletion the server refuses as someone else's comment (the list was out of date): the question closes and the
 * comment says, in words, why it stays; no generic 'please try again' toast.
 */
export const DeleteRefusedAsSomeoneElses: Story = {
  parameters: { msw: { handlers: notYoursHandlers() } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const first = dialog.getAllByTestId('comment')[0] as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: 'Delete the comment' }));
    const confirm = await page(canvasElement).findByRole('alertdialog', {
      name: 'Delete this comment?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await expect(await within(first).findByRole('alert')).toHaveTextContent(
      'This comment was not deleted: only its author or a Prospecta staff member may delete it.',
    );
    await waitFor(() =>
      expect(page(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument(),
    );
    await expect(dialog.getAllByTestId('comment')).toHaveLength(2);
    await expect(
      page(canvasElement).queryByText('The comment could not be deleted. Please try again.'),
    ).toBeNull();
  },
};

/** The same refusal in French. */
export const DeleteRefusedAsSomeoneElsesFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { msw: { handlers: notYoursHandlers() } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openDialog(canvasElement));
    const first = dialog.getAllByTestId('comment')[0] as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: 'Supprimer le commentaire' }));
    const confirm = await page(canvasElement).findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Oui' }));
    await expect(await within(first).findByRole('alert')).toHaveTextContent(
      'Ce commentaire n’a pas été supprimé : seul son auteur ou un membre de l’équipe Prospecta peut le supprimer.',
    );
    await expect(
      page(canvasElement).queryByText(
        'Le commentaire n’a pas pu être supprimé. Veuillez réessayer.',
      ),
    ).toBeNull();
  },
};

import type { HttpHandler } from 'msw';
import type { HistoryMessageEntry, Inbox, InboxItem, Prospect } from '@prospecta/api-client';
import {
  createScenario,
  fixtureDate,
  inboxOf,
  makeProspect,
  makeUnreadMessage,
  type Scenario,
} from '@prospecta/api-client/fixtures';
import { fixtureHandlers, mockOperation, profileOf } from '@prospecta/api-client/msw';
import {
  DEFAULT_INBOX_FILTER,
  INBOX_FILTERS,
  inboxFilterMatches,
  isInboxFilter,
  replyNeedsAnswer,
  type InboxFilter,
  type ReplyLabel,
} from '@prospecta/domain';
import { ENGLISH_REPLIES, FRENCH_REPLIES } from '@prospecta/domain/demo';
import { routesFor } from './appRoutes';
import type { AppStoryParameters } from './decorators';
import { TUTORIAL_SEEN } from './stories';
import { customerUser } from './users';

/**
 * The customer's inbox where it lives, in the whole app (sidebar, top bar, footer), at `search` (`?filter=…`,
 * `?answer=…`): a story's `app` parameter.
 */
export const customerInboxInTheApp = (search = ''): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [`/users/${customerUser.id}/inbox${search}`] },
  user: customerUser,
  preferences: TUTORIAL_SEEN,
});

/** An inbox with no answer at all (every count 0). */
export const EMPTY_INBOX: Inbox = {
  to_handle_count: 0,
  unread_count: 0,
  counts: { needs_answer: 0, interested: 0, auto_replies: 0, all: 0 },
  items: [],
};

/** What every set of inbox handlers remembers (answers read, prospects handled, labels changed). */
const remembered: Array<{ clear: () => void }> = [];

/**
 * Forgets every change the inbox handlers remember. A story file's handlers are made once, when the file loads, and
 * shared by its stories: a meta that uses `inboxChangeHandlers` calls this in its `beforeEach`, so each story starts
 * from the scenario even when it opens after another one on the same page (Storybook's UI, the stories suite).
 */
export function resetInboxChanges(): void {
  for (const set of remembered) set.clear();
}

/**
 * What a story gives an answer beyond the demo world's: a label of its own, a referred address, or when it was
 * answered from the inbox.
 */
export type InboxSuggestions = ReadonlyMap<
  number,
  Partial<Pick<InboxItem, 'label' | 'label_confidence' | 'referral' | 'answered_at'>>
>;

/**
 * Inbox stories that handle answers: the server's answers to the changes they make (opening an answer marks it read,
 * a status change leaves the prospect out of the inbox when it is no longer to handle, a label changes), and the
 * reads that follow them (the inbox under its filter, the customer's unread count, the prospect's history with the
 * label change recorded), over the fixture scenario's reads.
 */
export function inboxChangeHandlers(
  scenario: Scenario = createScenario(),
  suggestions: InboxSuggestions = new Map(),
): HttpHandler[] {
  const read = new Set<number>();
  const handled = new Set<number>();
  const labels = new Map<number, ReplyLabel>();
  /** The answers sent from the inbox, per prospect, newest first: the prospect's history shows them. */
  const answers = new Map<number, HistoryMessageEntry[]>();
  /** When each answer was answered from the inbox (the answered mark of its item). */
  const answeredAt = new Map<number, string>();
  remembered.push(read, handled, labels, answers, answeredAt);
  const customer = scenario.customer;
  const inbox = (userId: number, filter: InboxFilter = DEFAULT_INBOX_FILTER): Inbox => {
    const all = inboxOf(scenario, userId, read, DEFAULT_INBOX_FILTER, labels)
      .items.filter((item) => !handled.has(item.prospect.id))
      .map((item) => {
        const suggested = labels.has(item.id) ? {} : (suggestions.get(item.id) ?? {});
        const label = suggested.label ?? item.label;
        return {
          ...item,
          ...suggested,
          answered_at: answeredAt.get(item.id) ?? suggested.answered_at ?? item.answered_at,
          label_origin:
            label === null ? null : item.label_origin === 'user' ? 'user' : 'classifier',
        } satisfies InboxItem;
      });
    const needing = all.filter((i) => replyNeedsAnswer(i.label));
    return {
      to_handle_count: needing.length,
      unread_count: needing.filter((i) => !i.is_read).length,
      counts: Object.fromEntries(
        INBOX_FILTERS.map((f) => [f, all.filter((i) => inboxFilterMatches(f, i.label)).length]),
      ) as Inbox['counts'],
      items: all.filter((i) => inboxFilterMatches(filter, i.label)),
    };
  };
  const unreadCount = () => inbox(customer.id).unread_count;
  const unread = () => {
    const counted = new Set(
      inbox(customer.id, 'needs_answer')
        .items.filter((i) => !i.is_read)
        .map((i) => i.id),
    );
    return (customer.unread_messages_since ?? []).filter((m) => counted.has(m.message_id));
  };
  return [
    mockOperation('post', '/api/v1/users/{id}/inbox-messages/{messageId}/read', ({ params }) => {
      read.add(Number(params.messageId));
      return { status: 200, body: { unread_messages_count: unreadCount() } };
    }),
    mockOperation(
      'put',
      '/api/v1/users/{id}/inbox-messages/{messageId}/label',
      async ({ params, json }) => {
        const messageId = Number(params.messageId);
        if (!inbox(Number(params.id)).items.some((i) => i.id === messageId))
          return { status: 404 as const, body: { detail: 'Not found.' } };
        const { label } = await json();
        labels.set(messageId, label);
        return {
          status: 200 as const,
          body: {
            message_id: messageId,
            label,
            label_origin: 'user' as const,
            unread_messages_count: unreadCount(),
          },
        };
      },
    ),
    mockOperation('put', '/api/v1/prospects/{id}/status', async ({ params, json }) => {
      const prospect = scenario.prospects.find((p) => p.id === Number(params.id));
      if (!prospect) return { status: 404, body: { detail: 'Not found.' } };
      handled.add(prospect.id);
      return {
        status: 200,
        body: { ...prospect, prospecting_status: (await json()).prospecting_status },
      };
    }),
    mockOperation('get', '/api/v1/users/{id}/inbox-messages', ({ params, query }) => {
      const filter = query.get('filter') ?? DEFAULT_INBOX_FILTER;
      if (!isInboxFilter(filter)) return { status: 400, body: { detail: 'Unknown filter.' } };
      return { status: 200, body: inbox(Number(params.id), filter) };
    }),
    // The prospect's history records each label change (who, from what, to what) and each answer sent, newest first.
    mockOperation('get', '/api/v2/prospects/{id}', ({ params }) => {
      const prospect = scenario.prospects.find((p) => p.id === Number(params.id));
      if (!prospect) return { status: 404, body: { detail: 'Not found.' } };
      const changes = inbox(prospect.user_id)
        .items.filter((i) => i.prospect.id === prospect.id && labels.has(i.id))
        .map((i) => ({
          id: 90_000 + i.id,
          type: 'event' as const,
          event_date: '2026-11-20T09:00:00.000Z',
          content: `Label of answer ${i.id} changed`,
          direction: null,
          event: {
            code: 'reply_label_changed' as const,
            step: null,
            campaign: null,
            label_change: {
              message_id: i.id,
              from:
                suggestions.get(i.id)?.label ??
                inboxOf(scenario, prospect.user_id).items.find((o) => o.id === i.id)?.label ??
                null,
              to: labels.get(i.id)!,
              by: customer.full_name,
            },
          },
        }));
      return {
        status: 200,
        body: {
          ...prospect,
          history: [...(answers.get(prospect.id) ?? []), ...changes, ...prospect.history],
        },
      };
    }),
    mockOperation(
      'post',
      '/api/v1/users/{id}/inbox-messages/{messageId}/answers',
      async ({ params, json }) => {
        const messageId = Number(params.messageId);
        const prospect = scenario.prospects.find((p) => p.history.some((h) => h.id === messageId));
        if (!prospect) return { status: 404, body: { detail: 'Not found.' } };
        const request = await json();
        const account =
          scenario.emailAccounts.find((a) => a.id === request.email_account_id) ??
          scenario.emailAccounts[0];
        if (!account)
          return {
            status: 422,
            body: { detail: 'No mailbox.', code: 'answer_no_mailbox' as const },
          };
        const signature = account.signature.trim();
        const count = [...answers.values()].flat().length + 1;
        const entry: HistoryMessageEntry = {
          id: 95_000 + count,
          type: 'email',
          direction: 'outbound',
          event: null,
          // After the scenario's newest entries, the same on every run (the pictures compare it).
          event_date: fixtureDate(count),
          content: signature
            ? `${request.body.trimEnd()}\n\n-- \n${signature}`
            : request.body.trimEnd(),
        };
        answers.set(prospect.id, [entry, ...(answers.get(prospect.id) ?? [])]);
        read.add(messageId);
        answeredAt.set(messageId, entry.event_date);
        return {
          status: 201,
          body: {
            history_entry: entry,
            email_account_id: account.id,
            from: account.email,
            to: prospect.email ?? '',
            subject: 'Re: Bonjour',
          },
        };
      },
    ),
    mockOperation('get', '/api/users/user', ({ query }) => ({
      status: 200,
      body: profileOf(
        { ...customer, unread_messages_since: unread(), unread_messages_count: unreadCount() },
        query.get('include'),
      ),
    })),
    ...fixtureHandlers(scenario),
  ];
}

/** The answers the labelled inbox adds: a demo reply of each kind (its suggestion: the demo world's), read or not. */
const LABELLED_ANSWERS: readonly { text: string; unread: boolean; locale: 'fr' | 'en' }[] = [
  { text: FRENCH_REPLIES[1], unread: true, locale: 'fr' },
  { text: ENGLISH_REPLIES[0], unread: true, locale: 'en' },
  { text: FRENCH_REPLIES[6], unread: true, locale: 'fr' },
  { text: ENGLISH_REPLIES[3], unread: false, locale: 'en' },
  { text: FRENCH_REPLIES[2], unread: false, locale: 'fr' },
  { text: ENGLISH_REPLIES[5], unread: true, locale: 'en' },
  { text: ENGLISH_REPLIES[4], unread: false, locale: 'en' },
];

/** The inbound answer's id of a fixture prospect (makeHistory's numbering). */
const answerIdOf = (prospect: Prospect) =>
  prospect.history.find((h) => h.type !== 'status_change' && h.direction === 'inbound')?.id;

/**
 * The scenario with an inbox of every kind of answer: the customer's answers of the scenario (no label) and seven
 * demo replies (interested, meeting requested, automatic reply, wrong person naming a colleague, not interested,
 * unsubscribe request, and one the model reads wrong), some unread. `suggestions` gives the wrong-person answer its
 * referred address and one scenario answer the label `other`.
 */
export function labelledInbox(): { scenario: Scenario; suggestions: InboxSuggestions } {
  const scenario = createScenario();
  const campaign = scenario.campaigns.find((c) => c.user.id === scenario.customer.id);
  if (!campaign) throw new Error('The scenario has no campaign of the customer.');
  const suggestions = new Map<number, Partial<InboxItem>>();
  LABELLED_ANSWERS.forEach((answer, i) => {
    const prospect = makeProspect(70 + i, {
      status: i % 2 === 0 ? 'ongoing' : 'to_call',
      hasResponses: true,
      campaign: { id: campaign.id, name: campaign.name, is_active: campaign.is_active },
      userId: scenario.customer.id,
      locale: answer.locale,
    });
    const id = answerIdOf(prospect);
    prospect.history = prospect.history.map((h) =>
      h.id === id && h.type !== 'status_change'
        ? { ...h, content: answer.text, event_date: fixtureDate(-2 - i * 5) }
        : h,
    );
    scenario.prospects.push(prospect);
    if (id !== undefined && answer.text === ENGLISH_REPLIES[3])
      suggestions.set(id, { referral: 'ops.lead@northwind.example.com' });
    if (id !== undefined && answer.unread)
      scenario.customer.unread_messages_since = [
        ...(scenario.customer.unread_messages_since ?? []),
        makeUnreadMessage(70 + i, {
          message_id: id,
          prospect_id: prospect.id,
          first_name: prospect.first_name,
          last_name: prospect.last_name,
          company_name: prospect.company.name,
          content: answer.text,
        }),
      ];
  });
  const plain = inboxOf(scenario, scenario.customer.id).items.find((i) => i.label === null);
  if (plain) suggestions.set(plain.id, { label: 'other', label_confidence: 0.62 });
  return { scenario, suggestions };
}

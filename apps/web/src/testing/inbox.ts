import type { HttpHandler } from 'msw';
import { createScenario, inboxOf, type Scenario } from '@prospecta/api-client/fixtures';
import { fixtureHandlers, mockOperation, profileOf } from '@prospecta/api-client/msw';

/** What every set of inbox handlers remembers (answers read, prospects handled), for `resetInboxChanges`. */
const remembered: Array<Set<number>> = [];

/**
 * Forgets every change the inbox handlers remember. A story file's handlers are made once, when the file loads, and
 * shared by its stories: a meta that uses `inboxChangeHandlers` calls this in its `beforeEach`, so each story starts
 * from the scenario even when it opens after another one on the same page (Storybook's UI, the stories suite).
 */
export function resetInboxChanges(): void {
  for (const set of remembered) set.clear();
}

/**
 * Inbox stories that handle answers: the server's answers to the changes they make (opening an answer marks it read,
 * a status change leaves the prospect out of the inbox when it is no longer to handle), and the reads that follow
 * them (the inbox, the customer's unread count), over the fixture scenario's reads.
 */
export function inboxChangeHandlers(scenario: Scenario = createScenario()): HttpHandler[] {
  const read = new Set<number>();
  const handled = new Set<number>();
  remembered.push(read, handled);
  const customer = scenario.customer;
  const unread = () =>
    (customer.unread_messages_since ?? []).filter((m) => !read.has(m.message_id));
  return [
    mockOperation('post', '/api/v1/users/{id}/inbox-messages/{messageId}/read', ({ params }) => {
      read.add(Number(params.messageId));
      return { status: 200, body: { unread_messages_count: unread().length } };
    }),
    mockOperation('put', '/api/v1/prospects/{id}/status', async ({ params, json }) => {
      const prospect = scenario.prospects.find((p) => p.id === Number(params.id));
      if (!prospect) return { status: 404, body: { detail: 'Not found.' } };
      handled.add(prospect.id);
      return {
        status: 200,
        body: { ...prospect, prospecting_status: (await json()).prospecting_status },
      };
    }),
    mockOperation('get', '/api/v1/users/{id}/inbox-messages', ({ params }) => {
      const items = inboxOf(scenario, Number(params.id), read).items.filter(
        (item) => !handled.has(item.prospect.id),
      );
      return {
        status: 200,
        body: {
          to_handle_count: items.length,
          unread_count: items.filter((i) => !i.is_read).length,
          items,
        },
      };
    }),
    mockOperation('get', '/api/users/user', ({ query }) => ({
      status: 200,
      body: profileOf(
        { ...customer, unread_messages_since: unread(), unread_messages_count: unread().length },
        query.get('include'),
      ),
    })),
    ...fixtureHandlers(scenario),
  ];
}

/**
 * The reads of a fixture scenario, the default handlers of page stories and app tests (after twenty's
 * `graphqlMocks`): every call that reads answers from the scenario's views, typed against the contract. Nothing here
 * keeps state or writes a server rule: a story or a test that changes something gives the answer it expects with
 * `mockOperation`, before these handlers (`[...mine, ...fixtureHandlers()]`), and the server's own tests guard its
 * rules.
 */
import type { HttpHandler } from 'msw';
import { DEFAULT_INBOX_FILTER, isEventFigure, isInboxFilter } from '@prospecta/domain';
import {
  campaignDetailOf,
  campaignsOf,
  createScenario,
  dashboardOf,
  figureProspectsOf,
  inboxOf,
  lastCommentsOf,
  tasksOf,
  userListOf,
  type Scenario,
} from '../fixtures/scenario';
import type { User } from '../schema';
import { caughtMailSummaryOf } from '../fixtures/factories';
import { campaignBuilderReads } from './campaignBuilderReads';
import { mockOperation } from './typed';

export interface FixtureHandlerOptions {
  /** The signed-in user of `GET /api/users/user` (default: the scenario's customer). */
  currentUser?: User;
}

const notFound = { status: 404 as const, body: { detail: 'Not found.' } };

/** A profile as the server gives it: the unread answers' list only with `include=unread_messages`. */
export function profileOf(user: User, include: string | null = null): User {
  if (include === 'unread_messages')
    return { ...user, unread_messages_since: user.unread_messages_since ?? [] };
  const { unread_messages_since: _list, ...rest } = user;
  return rest;
}

export function fixtureHandlers(
  scenario: Scenario = createScenario(),
  options: FixtureHandlerOptions = {},
): HttpHandler[] {
  const currentUser = options.currentUser ?? scenario.customer;
  const userById = (id: string) => scenario.users.find((u) => u.id === Number(id));
  const ofKnownUser = <T>(id: string, answer: (userId: number) => T) =>
    userById(id) ? { status: 200 as const, body: answer(Number(id)) } : notFound;

  return [
    // No live events under the test doubles: the app's stream sees 204 and does not connect again (no polling either;
    // a story or test that needs a change shows it through its own handlers).
    mockOperation('get', '/api/v1/live', { status: 204 }),
    mockOperation('get', '/api/users/user', ({ query }) => ({
      status: 200,
      body: profileOf(currentUser, query.get('include')),
    })),
    mockOperation('get', '/api/users/{id}/profile', ({ params, query }) => {
      const user = userById(params.id);
      return user ? { status: 200, body: profileOf(user, query.get('include')) } : notFound;
    }),
    mockOperation('get', '/api/users/list', ({ query }) => ({
      status: 200,
      body: { users: userListOf(scenario, query.get('search') ?? '') },
    })),
    mockOperation('get', '/api/users/{id}/last-comments', ({ params, query }) => {
      const prospectId = query.get('prospect_id');
      return ofKnownUser(params.id, (userId) => ({
        comments: lastCommentsOf(scenario, userId).filter(
          (c) => prospectId === null || c.prospect_id === Number(prospectId),
        ),
      }));
    }),
    mockOperation('get', '/api/v1/users/{id}/dashboard', ({ params }) =>
      ofKnownUser(params.id, (userId) => dashboardOf(scenario, userId)),
    ),
    mockOperation('get', '/api/v1/users/{id}/inbox-messages', ({ params, query }) => {
      const filter = query.get('filter') ?? DEFAULT_INBOX_FILTER;
      if (!isInboxFilter(filter))
        return { status: 400 as const, body: { detail: 'Unknown filter.' } };
      return ofKnownUser(params.id, (userId) => inboxOf(scenario, userId, new Set(), filter));
    }),
    mockOperation('get', '/api/v1/users/{id}/tasks', ({ params, query }) => {
      const prospectId = query.get('prospect_id');
      return ofKnownUser(params.id, (userId) =>
        tasksOf(scenario, userId, prospectId === null ? null : Number(prospectId)),
      );
    }),
    mockOperation('get', '/api/v1/users/{id}/campaigns', ({ params }) =>
      ofKnownUser(params.id, (userId) => ({ campaigns: campaignsOf(scenario, userId) })),
    ),
    mockOperation('get', '/api/v2/campaigns/{id}', ({ params }) => {
      const detail = campaignDetailOf(scenario, Number(params.id));
      return detail ? { status: 200, body: detail } : notFound;
    }),
    mockOperation(
      'get',
      '/api/v1/campaigns/{id}/figures/{figure}/prospects',
      ({ params, query }) => {
        const stepId = query.get('step_id');
        const answer = isEventFigure(params.figure)
          ? figureProspectsOf(
              scenario,
              Number(params.id),
              params.figure,
              stepId === null ? null : Number(stepId),
            )
          : undefined;
        return answer ? { status: 200, body: answer } : notFound;
      },
    ),
    // The fixture world has no import of prospects: a story of one answers its own.
    mockOperation('get', '/api/v1/campaigns/{id}/imports', ({ params }) =>
      campaignDetailOf(scenario, Number(params.id))
        ? { status: 200, body: { imports: [] } }
        : notFound,
    ),
    mockOperation('get', '/api/v2/prospects/{id}', ({ params }) => {
      const prospect = scenario.prospects.find((p) => p.id === Number(params.id));
      return prospect ? { status: 200, body: prospect } : notFound;
    }),
    mockOperation('get', '/api/v1/prospects/tags', () => ({
      status: 200,
      body: { tags: [...scenario.tags].sort((a, b) => a.label.localeCompare(b.label)) },
    })),
    mockOperation('get', '/api/v1/users/{id}/onboarding', ({ params }) =>
      ofKnownUser(params.id, () => ({ submission: null })),
    ),
    mockOperation('get', '/api/v2/integrations/email', () => ({
      status: 200,
      body: { email_accounts_list: scenario.emailAccounts },
    })),
    mockOperation('get', '/api/v2/integrations/linkedin', () => ({
      status: 200,
      body: { linkedin_accounts_list: scenario.linkedinAccounts },
    })),
    ...campaignBuilderReads(scenario),
    mockOperation('get', '/api/dev/outbox', () => ({ status: 200, body: scenario.outbox })),
    mockOperation('get', '/api/dev/caught-mails', () => ({
      status: 200,
      body: { items: scenario.caughtMails.map(caughtMailSummaryOf) },
    })),
    mockOperation('get', '/api/dev/caught-mails/{id}', ({ params }) => {
      const mail = scenario.caughtMails.find((m) => String(m.id) === String(params.id));
      return mail ? { status: 200, body: mail } : notFound;
    }),
    mockOperation('get', '/api/v1/users/{id}/webhooks', ({ params }) =>
      ofKnownUser(params.id, () => ({
        webhooks: scenario.webhooks.filter((w) => String(w.user_id) === String(params.id)),
      })),
    ),
    mockOperation('get', '/api/v1/webhooks/{id}/deliveries', ({ params }) => {
      const webhook = scenario.webhooks.find((w) => String(w.id) === String(params.id));
      return webhook
        ? { status: 200, body: { deliveries: scenario.webhookDeliveries[webhook.id] ?? [] } }
        : notFound;
    }),
    mockOperation('get', '/api/health', () => ({ status: 200, body: { status: 'ok' as const } })),
  ];
}

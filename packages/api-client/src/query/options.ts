import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiClients } from '../clients';
import { unwrap } from '../errors';
import type { EventFigureName } from '../schema';
import { queryKeys } from './keys';
import { DEFAULT_INBOX_FILTER, type InboxFilter } from '@prospecta/domain';

/** queryOptions for every readable resource. Each queryFn throws ApiError on a non-2xx answer. */

/**
 * How soon a list answer marked `List-State: previous` (the version before its owner's current one, served at once
 * while the server builds the current one) is asked again: the change that made it old shows a moment later, even
 * when no other live event follows.
 */
export const LIST_CATCH_UP_MS = 400;

/** A list answer's data (dashboard, campaign detail), asked again shortly when it is the previous version. */
function listData<T>(
  result: { data?: T; error?: unknown; response: Response },
  { client, queryKey }: { client: QueryClient; queryKey: QueryKey },
): T {
  const data = unwrap(result);
  if (result.response.headers.get('list-state') === 'previous')
    setTimeout(
      () => void client.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false }),
      LIST_CATCH_UP_MS,
    );
  return data;
}

export function currentUserQueryOptions(clients: ApiClients) {
  return queryOptions({
    queryKey: queryKeys.currentUser(),
    queryFn: async ({ signal }) => unwrap(await clients.users.GET('/api/users/user', { signal })),
  });
}

export function userProfileQueryOptions(clients: ApiClients, userId: number) {
  return queryOptions({
    queryKey: queryKeys.users.profile(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.users.GET('/api/users/{id}/profile', {
          params: { path: { id: userId } },
          signal,
        }),
      ),
  });
}

export function userListQueryOptions(clients: ApiClients, search = '') {
  const term = search.trim();
  return queryOptions({
    queryKey: queryKeys.users.list(term),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.users.GET('/api/users/list', {
          params: { query: term ? { search: term } : {} },
          signal,
        }),
      ),
  });
}

export function lastCommentsQueryOptions(
  clients: ApiClients,
  userId: number,
  prospectId: number | null = null,
) {
  return queryOptions({
    queryKey: queryKeys.lastComments.list(userId, prospectId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.users.GET('/api/users/{id}/last-comments', {
          params: {
            path: { id: userId },
            query: prospectId === null ? {} : { prospect_id: prospectId },
          },
          signal,
        }),
      ),
  });
}

export function dashboardQueryOptions(clients: ApiClients, userId: number) {
  return queryOptions({
    queryKey: queryKeys.dashboard.ofUser(userId),
    queryFn: async (context) =>
      listData(
        await clients.api.GET('/api/v1/users/{id}/dashboard', {
          params: { path: { id: userId } },
          signal: context.signal,
        }),
        context,
      ),
  });
}

/** GET /api/v1/users/{id}/onboarding: `{ submission }`, null before the first submission. */
export function onboardingQueryOptions(clients: ApiClients, userId: number) {
  return queryOptions({
    queryKey: queryKeys.onboarding(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/users/{id}/onboarding', {
          params: { path: { id: userId } },
          signal,
        }),
      ),
  });
}

/**
 * GET /api/v1/users/{id}/inbox-messages: the inbox under one filter (all by default; that call carries no `filter`,
 * so it is the same call the early script makes for the inbox's address).
 */
export function inboxQueryOptions(
  clients: ApiClients,
  userId: number,
  filter: InboxFilter = DEFAULT_INBOX_FILTER,
) {
  return queryOptions({
    queryKey: queryKeys.inbox.list(userId, filter),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/users/{id}/inbox-messages', {
          params: {
            path: { id: userId },
            ...(filter === DEFAULT_INBOX_FILTER ? {} : { query: { filter } }),
          },
          signal,
        }),
      ),
  });
}

/** GET /api/v1/users/{id}/tasks: the open LinkedIn tasks, due first (one prospect's with `prospectId`). */
export function tasksQueryOptions(
  clients: ApiClients,
  userId: number,
  prospectId: number | null = null,
) {
  return queryOptions({
    queryKey: queryKeys.tasks.list(userId, prospectId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/users/{id}/tasks', {
          params: {
            path: { id: userId },
            query: prospectId === null ? {} : { prospect_id: prospectId },
          },
          signal,
        }),
      ),
  });
}

export function campaignsQueryOptions(clients: ApiClients, userId: number) {
  return queryOptions({
    queryKey: queryKeys.campaigns.ofUser(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/users/{id}/campaigns', {
          params: { path: { id: userId } },
          signal,
        }),
      ),
  });
}

export function campaignQueryOptions(clients: ApiClients, campaignId: number) {
  return queryOptions({
    queryKey: queryKeys.campaign.detail(campaignId),
    queryFn: async (context) =>
      listData(
        await clients.api.GET('/api/v2/campaigns/{id}', {
          params: { path: { id: campaignId } },
          signal: context.signal,
        }),
        context,
      ),
  });
}

/** GET /api/v1/campaigns/{id}/figures/{figure}/prospects (staff): who a campaign's or a step's figure counts. */
export function figureProspectsQueryOptions(
  clients: ApiClients,
  campaignId: number,
  figure: EventFigureName,
  stepId: number | null = null,
) {
  return queryOptions({
    queryKey: queryKeys.campaign.figure(campaignId, figure, stepId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/campaigns/{id}/figures/{figure}/prospects', {
          params: {
            path: { id: campaignId, figure },
            query: stepId === null ? {} : { step_id: stepId },
          },
          signal,
        }),
      ),
  });
}

export function campaignDraftsQueryOptions(clients: ApiClients, userId: number) {
  return queryOptions({
    queryKey: queryKeys.campaignBuilder.drafts(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/users/{id}/campaign-drafts', {
          params: { path: { id: userId } },
          signal,
        }),
      ),
  });
}

export function campaignDefinitionQueryOptions(clients: ApiClients, campaignId: number) {
  return queryOptions({
    queryKey: queryKeys.campaignBuilder.definition(campaignId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/campaigns/{id}/definition', {
          params: { path: { id: campaignId } },
          signal,
        }),
      ),
  });
}

export function campaignReviewQueryOptions(clients: ApiClients, campaignId: number) {
  return queryOptions({
    queryKey: queryKeys.campaignBuilder.review(campaignId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/campaigns/{id}/review', {
          params: { path: { id: campaignId } },
          signal,
        }),
      ),
  });
}

export function campaignSampleProspectsQueryOptions(
  clients: ApiClients,
  campaignId: number,
  limit = 5,
) {
  return queryOptions({
    queryKey: queryKeys.campaignBuilder.samples(campaignId, limit),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/campaigns/{id}/sample-prospects', {
          params: { path: { id: campaignId }, query: { limit } },
          signal,
        }),
      ),
  });
}

export function campaignSequenceQueryOptions(clients: ApiClients, campaignId: number) {
  return queryOptions({
    queryKey: queryKeys.campaignSequence(campaignId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/campaigns/{id}/sequence', {
          params: { path: { id: campaignId } },
          signal,
        }),
      ),
  });
}

export function prospectQueryOptions(clients: ApiClients, prospectId: number) {
  return queryOptions({
    queryKey: queryKeys.prospect.detail(prospectId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v2/prospects/{id}', {
          params: { path: { id: prospectId } },
          signal,
        }),
      ),
  });
}

export function tagsQueryOptions(clients: ApiClients, userId: number | null = null) {
  return queryOptions({
    queryKey: queryKeys.tags.list(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/prospects/tags', {
          params: { query: userId === null ? {} : { user_id: userId } },
          signal,
        }),
      ),
  });
}

export function emailAccountsQueryOptions(clients: ApiClients, userId: number | null = null) {
  return queryOptions({
    queryKey: queryKeys.integrations.email(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v2/integrations/email', {
          params: { query: userId === null ? {} : { user_id: userId } },
          signal,
        }),
      ),
  });
}

/** A customer's outgoing webhooks (staff only). */
export function webhooksQueryOptions(clients: ApiClients, userId: number) {
  return queryOptions({
    queryKey: queryKeys.webhooks.ofUser(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/users/{id}/webhooks', {
          params: { path: { id: userId } },
          signal,
        }),
      ),
  });
}

/** A webhook's last delivery attempts, newest first (staff only). */
export function webhookDeliveriesQueryOptions(clients: ApiClients, webhookId: number) {
  return queryOptions({
    queryKey: queryKeys.webhooks.deliveries(webhookId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/webhooks/{id}/deliveries', {
          params: { path: { id: webhookId } },
          signal,
        }),
      ),
  });
}

export function linkedinAccountsQueryOptions(clients: ApiClients, userId: number | null = null) {
  return queryOptions({
    queryKey: queryKeys.integrations.linkedin(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v2/integrations/linkedin', {
          params: { query: userId === null ? {} : { user_id: userId } },
          signal,
        }),
      ),
  });
}

export function devOutboxQueryOptions(clients: ApiClients) {
  return queryOptions({
    queryKey: queryKeys.devOutbox(),
    queryFn: async ({ signal }) => unwrap(await clients.api.GET('/api/dev/outbox', { signal })),
  });
}

/** The local mail catcher's mails, newest first (staff, development and CI). */
export function caughtMailsQueryOptions(clients: ApiClients) {
  return queryOptions({
    queryKey: queryKeys.caughtMails.list(),
    queryFn: async ({ signal }) =>
      unwrap(await clients.api.GET('/api/dev/caught-mails', { signal })),
  });
}

/** One caught mail whole. */
export function caughtMailQueryOptions(clients: ApiClients, id: number) {
  return queryOptions({
    queryKey: queryKeys.caughtMails.detail(id),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/dev/caught-mails/{id}', {
          params: { path: { id } },
          signal,
        }),
      ),
  });
}

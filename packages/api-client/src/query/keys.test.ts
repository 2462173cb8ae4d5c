import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { testClients, testServer } from '../testing/clients';
import { createScenario, makeComment } from '../fixtures';
import { fixtureHandlers } from '../msw/fixtureHandlers';
import { mockOperation } from '../msw/typed';
import { queryKeys } from './keys';
import {
  cleanNurtureMutationOptions,
  createCommentMutationOptions,
  createSmtpEmailAccountMutationOptions,
  markInboxReadMutationOptions,
  setProspectStatusMutationOptions,
} from './mutations';
import { MutationObserver, type QueryKey } from '@tanstack/react-query';

/** Every key the factory can make, with representative arguments. */
function allKeys(): QueryKey[] {
  return [
    queryKeys.all(),
    queryKeys.currentUser(),
    queryKeys.users.all(),
    queryKeys.users.list(''),
    queryKeys.users.list('dupont'),
    queryKeys.users.profile(2),
    queryKeys.users.profile(3),
    queryKeys.lastComments.all(),
    queryKeys.lastComments.ofUser(2),
    queryKeys.lastComments.list(2),
    queryKeys.lastComments.list(2, 1001),
    queryKeys.dashboard.all(),
    queryKeys.dashboard.ofUser(2),
    queryKeys.dashboard.ofUser(3),
    queryKeys.inbox.all(),
    queryKeys.inbox.ofUser(2),
    queryKeys.campaigns.all(),
    queryKeys.campaigns.ofUser(2),
    queryKeys.campaign.all(),
    queryKeys.campaign.detail(2),
    queryKeys.campaignBuilder.all(),
    queryKeys.campaignBuilder.drafts(2),
    queryKeys.campaignBuilder.definition(2),
    queryKeys.campaignBuilder.review(2),
    queryKeys.campaignBuilder.samples(2),
    queryKeys.campaignBuilder.samples(2, 10),
    queryKeys.campaignSequence(2),
    queryKeys.prospect.all(),
    queryKeys.prospect.detail(2),
    queryKeys.tags.all(),
    queryKeys.tags.list(),
    queryKeys.tags.list(2),
    queryKeys.integrations.all(),
    queryKeys.integrations.email(),
    queryKeys.integrations.email(2),
    queryKeys.integrations.emailAll(),
    queryKeys.integrations.linkedin(),
    queryKeys.integrations.linkedinAll(),
    queryKeys.imports.all(),
    queryKeys.imports.ofCampaign(2),
    queryKeys.imports.detail(2),
    queryKeys.devOutbox(),
    queryKeys.caughtMails.all(),
    queryKeys.caughtMails.list(),
    queryKeys.caughtMails.detail(2),
  ];
}

const isPrefix = (prefix: QueryKey, key: QueryKey) =>
  prefix.length <= key.length &&
  prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

describe('queryKeys', () => {
  it('gives every resource and argument its own key', () => {
    const serialized = allKeys().map((k) => JSON.stringify(k));
    expect(new Set(serialized).size).toBe(serialized.length);
  });

  it('never lets one resource key be a prefix of another resource (no accidental invalidation)', () => {
    const leaves = [
      queryKeys.currentUser(),
      queryKeys.users.profile(2),
      queryKeys.dashboard.ofUser(2),
      queryKeys.inbox.ofUser(2),
      queryKeys.campaigns.ofUser(2),
      queryKeys.campaign.detail(2),
      queryKeys.campaignBuilder.drafts(2),
      queryKeys.campaignBuilder.definition(2),
      queryKeys.campaignBuilder.review(2),
      queryKeys.campaignBuilder.samples(2),
      queryKeys.campaignSequence(2),
      queryKeys.prospect.detail(2),
      queryKeys.tags.list(2),
      queryKeys.caughtMails.list(),
      queryKeys.caughtMails.detail(2),
      queryKeys.integrations.email(2),
      queryKeys.integrations.linkedin(2),
      queryKeys.lastComments.list(2),
      queryKeys.imports.ofCampaign(2),
      queryKeys.imports.detail(2),
      queryKeys.devOutbox(),
    ];
    for (const a of leaves) for (const b of leaves) if (a !== b) expect(isPrefix(a, b)).toBe(false);
  });

  it('nests each family under its prefix', () => {
    expect(isPrefix(queryKeys.campaign.all(), queryKeys.campaign.detail(7))).toBe(true);
    expect(isPrefix(queryKeys.lastComments.ofUser(2), queryKeys.lastComments.list(2, 5))).toBe(
      true,
    );
    expect(isPrefix(queryKeys.integrations.emailAll(), queryKeys.integrations.email(4))).toBe(true);
    for (const key of allKeys()) expect(isPrefix(queryKeys.all(), key)).toBe(true);
  });
});

const server = testServer();

function setupCache() {
  const state = createScenario();
  // What the invalidations follow is the mutation's success or failure: each change gets the server's answer.
  server.use(
    mockOperation('put', '/api/v1/prospects/{id}/status', async ({ params, json }) => {
      const prospect = state.prospects.find((p) => p.id === Number(params.id));
      if (!prospect) return { status: 404, body: { detail: 'Not found.' } };
      return {
        status: 200,
        body: { ...prospect, prospecting_status: (await json()).prospecting_status },
      };
    }),
    mockOperation('post', '/api/v1/prospects/{id}/comment', ({ params }) => ({
      status: 201,
      body: makeComment(1, { prospect_id: Number(params.id) }),
    })),
    mockOperation('post', '/api/v1/users/{id}/dashboard/clean-nurture', {
      status: 200,
      body: { moved: 2 },
    }),
    mockOperation('post', '/api/v1/users/{id}/inbox-messages/{messageId}/read', {
      status: 200,
      body: { unread_messages_count: 1 },
    }),
    mockOperation('post', '/api/v2/integrations/email/smtp', {
      status: 400,
      body: { detail: 'IMAP login failed.', message: { state_message: 'bad_imap_credentials' } },
    }),
    ...fixtureHandlers(state),
  );
  const clients = testClients();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Seed every cache entry the mutations could touch, for the customer (2) and the other customer (3).
  const seeded = [
    queryKeys.currentUser(),
    queryKeys.dashboard.ofUser(2),
    queryKeys.dashboard.ofUser(3),
    queryKeys.inbox.ofUser(2),
    queryKeys.inbox.ofUser(3),
    queryKeys.campaigns.ofUser(2),
    queryKeys.lastComments.list(2),
    queryKeys.tags.list(),
    queryKeys.integrations.email(),
    queryKeys.integrations.linkedin(),
    ...state.campaigns.map((c) => queryKeys.campaign.detail(c.id)),
    ...state.prospects.map((p) => queryKeys.prospect.detail(p.id)),
  ];
  for (const key of seeded) queryClient.setQueryData(key, { seeded: true });
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
  return { clients, queryClient, state, invalidated };
}

describe('mutation invalidation', () => {
  it('a status change refreshes exactly the prospect, its dashboard, its campaign and its inbox', async () => {
    const { clients, queryClient, state, invalidated } = setupCache();
    const prospect = state.prospects.find(
      (p) => p.user_id === 2 && p.prospecting_status === 'ongoing',
    );
    if (!prospect) throw new Error('scenario has no ongoing prospect');
    const observer = new MutationObserver(
      queryClient,
      setProspectStatusMutationOptions(clients, queryClient),
    );

    const updated = await observer.mutate({
      prospectId: prospect.id,
      userId: 2,
      campaignId: prospect.campaign_id,
      status: 'converted',
    });

    expect(updated.prospecting_status).toBe('converted');
    expect(invalidated()).toEqual(
      [
        queryKeys.prospect.detail(prospect.id),
        queryKeys.dashboard.ofUser(2),
        queryKeys.campaign.detail(prospect.campaign_id),
        queryKeys.inbox.ofUser(2),
      ]
        .map((k) => JSON.stringify(k))
        .sort(),
    );
  });

  it('a comment refreshes the prospect, its rows and the last comments, not the inbox', async () => {
    const { clients, queryClient, state, invalidated } = setupCache();
    const prospect = state.prospects[0]!;
    const observer = new MutationObserver(
      queryClient,
      createCommentMutationOptions(clients, queryClient),
    );
    await observer.mutate({
      prospectId: prospect.id,
      userId: 2,
      campaignId: prospect.campaign_id,
      comment: { content: 'Rappeler lundi.', activity: 'REACHED' },
    });
    expect(invalidated()).toEqual(
      [
        queryKeys.prospect.detail(prospect.id),
        queryKeys.dashboard.ofUser(2),
        queryKeys.campaign.detail(prospect.campaign_id),
        queryKeys.lastComments.list(2),
      ]
        .map((k) => JSON.stringify(k))
        .sort(),
    );
  });

  it('clean-nurture refreshes the user dashboard, campaigns and prospects but not the other customer', async () => {
    const { clients, queryClient, invalidated } = setupCache();
    const observer = new MutationObserver(
      queryClient,
      cleanNurtureMutationOptions(clients, queryClient),
    );
    const result = await observer.mutate({ userId: 2 });
    expect(result.moved).toBeGreaterThan(0);
    const keys = invalidated();
    expect(keys).toContain(JSON.stringify(queryKeys.dashboard.ofUser(2)));
    expect(keys).not.toContain(JSON.stringify(queryKeys.dashboard.ofUser(3)));
    expect(keys).not.toContain(JSON.stringify(queryKeys.inbox.ofUser(2)));
  });

  it('marking an inbox message read refreshes the inbox and the unread count of the current user', async () => {
    const { clients, queryClient, state, invalidated } = setupCache();
    const messageId = state.customer.unread_messages_since?.[0]?.message_id;
    if (messageId === undefined) throw new Error('scenario has no unread message');
    const observer = new MutationObserver(
      queryClient,
      markInboxReadMutationOptions(clients, queryClient),
    );
    await observer.mutate({ userId: 2, messageId });
    expect(invalidated()).toEqual(
      [queryKeys.inbox.ofUser(2), queryKeys.currentUser()].map((k) => JSON.stringify(k)).sort(),
    );
  });

  it('refreshes the e-mail accounts after a failed creation attempt too', async () => {
    const { clients, queryClient, invalidated } = setupCache();
    const observer = new MutationObserver(
      queryClient,
      createSmtpEmailAccountMutationOptions(clients, queryClient),
    );
    await expect(
      observer.mutate({
        account: {
          email: 'new@example.com',
          password: 'wrong-password',
          smtp_host: 'mail.example.com',
          smtp_port: 465,
          smtp_secure: 'ssl',
          imap_host: 'mail.example.com',
          imap_port: 993,
          imap_secure: 'ssl',
        },
      }),
    ).rejects.toMatchObject({
      status: 400,
      body: { message: { state_message: 'bad_imap_credentials' } },
    });
    expect(invalidated()).toEqual([JSON.stringify(queryKeys.integrations.email())]);
  });
});

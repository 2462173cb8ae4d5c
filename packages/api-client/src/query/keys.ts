/**
 * The one query-key factory. Keys are hierarchical so a prefix invalidates a family
 * (e.g. queryKeys.campaign.all() invalidates every campaign detail).
 */
import { DEFAULT_INBOX_FILTER, type InboxFilter } from '@prospecta/domain';

const ROOT = 'prospecta' as const;

export const queryKeys = {
  all: () => [ROOT] as const,
  currentUser: () => [ROOT, 'current-user'] as const,
  users: {
    all: () => [ROOT, 'users'] as const,
    list: (search: string) => [ROOT, 'users', 'list', { search }] as const,
    profile: (userId: number) => [ROOT, 'users', 'profile', userId] as const,
  },
  lastComments: {
    all: () => [ROOT, 'last-comments'] as const,
    ofUser: (userId: number) => [ROOT, 'last-comments', userId] as const,
    list: (userId: number, prospectId: number | null = null) =>
      [ROOT, 'last-comments', userId, { prospectId }] as const,
  },
  dashboard: {
    all: () => [ROOT, 'dashboard'] as const,
    ofUser: (userId: number) => [ROOT, 'dashboard', userId] as const,
  },
  inbox: {
    all: () => [ROOT, 'inbox'] as const,
    ofUser: (userId: number) => [ROOT, 'inbox', userId] as const,
    /** One filter's list (contract InboxFilter); ofUser(userId) is the prefix of every filter's. */
    list: (userId: number, filter: InboxFilter = DEFAULT_INBOX_FILTER) =>
      [ROOT, 'inbox', userId, { filter }] as const,
  },
  /** The open LinkedIn tasks of a user, all of them or one prospect's. */
  tasks: {
    all: () => [ROOT, 'tasks'] as const,
    ofUser: (userId: number) => [ROOT, 'tasks', userId] as const,
    list: (userId: number, prospectId: number | null = null) =>
      [ROOT, 'tasks', userId, { prospectId }] as const,
  },
  campaigns: {
    all: () => [ROOT, 'campaigns'] as const,
    ofUser: (userId: number) => [ROOT, 'campaigns', userId] as const,
  },
  campaign: {
    all: () => [ROOT, 'campaign'] as const,
    detail: (campaignId: number) => [ROOT, 'campaign', campaignId] as const,
    /** The prospects behind a figure (staff), below the campaign's detail: a refresh of it reads them again. */
    figure: (campaignId: number, figure: string, stepId: number | null) =>
      [ROOT, 'campaign', campaignId, 'figure', { figure, stepId }] as const,
  },
  /** The campaign builder's reads (staff): drafts, a campaign's definition, its summary, its preview prospects. */
  campaignBuilder: {
    all: () => [ROOT, 'campaign-builder'] as const,
    drafts: (userId: number) => [ROOT, 'campaign-builder', 'drafts', userId] as const,
    definition: (campaignId: number) =>
      [ROOT, 'campaign-builder', 'definition', campaignId] as const,
    review: (campaignId: number) => [ROOT, 'campaign-builder', 'review', campaignId] as const,
    samples: (campaignId: number, limit = 5) =>
      [ROOT, 'campaign-builder', 'samples', campaignId, { limit }] as const,
  },
  /** A campaign's sequence, read-only (customers and staff). */
  campaignSequence: (campaignId: number) => [ROOT, 'campaign-sequence', campaignId] as const,
  prospect: {
    all: () => [ROOT, 'prospect'] as const,
    detail: (prospectId: number) => [ROOT, 'prospect', prospectId] as const,
  },
  tags: {
    all: () => [ROOT, 'tags'] as const,
    /** null: the signed-in user's tags. */
    list: (userId: number | null = null) => [ROOT, 'tags', { userId }] as const,
  },
  integrations: {
    all: () => [ROOT, 'integrations'] as const,
    email: (userId: number | null = null) => [ROOT, 'integrations', 'email', { userId }] as const,
    emailAll: () => [ROOT, 'integrations', 'email'] as const,
    linkedin: (userId: number | null = null) =>
      [ROOT, 'integrations', 'linkedin', { userId }] as const,
    linkedinAll: () => [ROOT, 'integrations', 'linkedin'] as const,
  },
  imports: {
    all: () => [ROOT, 'imports'] as const,
    ofCampaign: (campaignId: number) => [ROOT, 'imports', 'campaign', campaignId] as const,
    detail: (importId: number) => [ROOT, 'imports', 'detail', importId] as const,
  },
  webhooks: {
    all: () => [ROOT, 'webhooks'] as const,
    ofUser: (userId: number) => [ROOT, 'webhooks', 'user', userId] as const,
    deliveries: (webhookId: number) => [ROOT, 'webhooks', 'deliveries', webhookId] as const,
  },
  onboarding: (userId: number) => [ROOT, 'onboarding', userId] as const,
  devOutbox: () => [ROOT, 'dev', 'outbox'] as const,
  caughtMails: {
    all: () => [ROOT, 'dev', 'caught-mails'] as const,
    list: () => [ROOT, 'dev', 'caught-mails', 'list'] as const,
    detail: (id: number) => [ROOT, 'dev', 'caught-mails', 'detail', id] as const,
  },
} as const;

export type QueryKeys = typeof queryKeys;

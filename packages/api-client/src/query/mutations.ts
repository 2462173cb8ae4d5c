import { mutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiClients } from '../clients';
import { ApiError, unwrap } from '../errors';
import type {
  Audience,
  CampaignBrief,
  CampaignDefinitionUpdate,
  CampaignLanguage,
  CampaignLifecycleAction,
  ContactReplacement,
  CreateCommentRequest,
  EmailAccount,
  HistoryEntry,
  InboxAnswerRequest,
  OAuthProvider,
  Prospect,
  ProspectUpdate,
  SmtpEmailAccountRequest,
  TaskList,
  TaskUpdate,
  UserSettableStatus,
  WebhookCreateRequest,
  WebhookUpdateRequest,
} from '../schema';
import { queryKeys } from './keys';
import type { Locale, ReplyLabel } from '@prospecta/domain';

/** Where a prospect shows up: its detail, its owner's dashboard and inbox, its campaign. */
export interface ProspectScope {
  prospectId: number;
  /** The owner of the prospect (the user whose dashboard and inbox list it). */
  userId: number;
  campaignId: number;
}

async function invalidateAll(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The caches a change to one prospect's row affects. */
function prospectRowKeys(scope: ProspectScope): QueryKey[] {
  return [
    queryKeys.prospect.detail(scope.prospectId),
    queryKeys.dashboard.ofUser(scope.userId),
    queryKeys.campaign.detail(scope.campaignId),
  ];
}

/** What a campaign's saved definition changes besides the definition itself. */
function campaignReads(campaignId: number, userId: number): QueryKey[] {
  return [
    queryKeys.campaignBuilder.review(campaignId),
    queryKeys.campaignBuilder.drafts(userId),
    queryKeys.campaignSequence(campaignId),
    queryKeys.campaign.detail(campaignId),
    queryKeys.campaigns.ofUser(userId),
  ];
}

/** A LinkedIn task and where it shows up: its owner's task lists, its campaign's figures. */
export interface TaskScope {
  taskId: number;
  /** The owner of the task (whose lists hold it). */
  userId: number;
  campaignId: number;
}

/** What each mutation invalidates; exported so tests and features can rely on it. */
export const invalidationKeys = {
  setProspectStatus: (scope: ProspectScope): QueryKey[] => [
    ...prospectRowKeys(scope),
    queryKeys.inbox.ofUser(scope.userId),
  ],
  updateProspect: (scope: ProspectScope): QueryKey[] => [
    ...prospectRowKeys(scope),
    queryKeys.inbox.ofUser(scope.userId),
  ],
  substituteProspect: (scope: ProspectScope): QueryKey[] => [
    ...prospectRowKeys(scope),
    queryKeys.inbox.ofUser(scope.userId),
    queryKeys.campaigns.ofUser(scope.userId),
  ],
  tagOnProspect: (scope: ProspectScope): QueryKey[] => [
    ...prospectRowKeys(scope),
    queryKeys.tags.all(),
  ],
  deleteTag: (userId: number): QueryKey[] => [
    queryKeys.tags.all(),
    queryKeys.prospect.all(),
    queryKeys.dashboard.ofUser(userId),
    queryKeys.campaign.all(),
  ],
  comment: (scope: ProspectScope): QueryKey[] => [
    ...prospectRowKeys(scope),
    queryKeys.lastComments.ofUser(scope.userId),
  ],
  /** Batch moves (nurture-all, clean-nurture): any campaign or prospect of the user may have changed. */
  batchStatus: (userId: number): QueryKey[] => [
    queryKeys.dashboard.ofUser(userId),
    queryKeys.campaign.all(),
    queryKeys.prospect.all(),
  ],
  markInboxRead: (userId: number): QueryKey[] => [
    queryKeys.inbox.ofUser(userId),
    queryKeys.currentUser(),
  ],
  /** A label change: every inbox filter, the badge and the prospects' histories (one of which records it). */
  setInboxLabel: (userId: number): QueryKey[] => [
    queryKeys.inbox.ofUser(userId),
    queryKeys.currentUser(),
    queryKeys.prospect.all(),
  ],
  syncCampaign: (campaignId: number, userId: number): QueryKey[] => [
    queryKeys.campaign.detail(campaignId),
    queryKeys.campaigns.ofUser(userId),
    queryKeys.dashboard.ofUser(userId),
  ],
  /** A saved definition (its answer replaces the cached definition): the reads that derive from it. */
  campaignDefinition: (campaignId: number, userId: number): QueryKey[] =>
    campaignReads(campaignId, userId),
  /** A lifecycle move: the definition (status, editable) and everything a saved definition changes. */
  campaignLifecycle: (campaignId: number, userId: number): QueryKey[] => [
    queryKeys.campaignBuilder.definition(campaignId),
    ...campaignReads(campaignId, userId),
  ],
  /** A task closed: every task list of its owner, and the figures of its campaign (a task done is a contact). */
  closeTask: (task: TaskScope): QueryKey[] => [
    queryKeys.tasks.ofUser(task.userId),
    queryKeys.campaign.detail(task.campaignId),
    queryKeys.campaigns.ofUser(task.userId),
  ],
  emailAccounts: (): QueryKey[] => [queryKeys.integrations.emailAll()],
  linkedinAccounts: (): QueryKey[] => [queryKeys.integrations.linkedinAll()],
} as const;

// ── LinkedIn tasks ──

/**
 * Done or skipped (PATCH /api/v1/tasks/{taskId}), optimistic: the task leaves every cached list of its owner at
 * once; a refusal puts the lists back as they were (the caller says so), and the lists and figures are read again
 * either way.
 */
export function closeTaskMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'close-task'],
    mutationFn: async (vars: TaskScope & { state: TaskUpdate['state'] }) =>
      unwrap(
        await clients.api.PATCH('/api/v1/tasks/{taskId}', {
          params: { path: { taskId: vars.taskId } },
          body: { state: vars.state },
        }),
      ),
    onMutate: async (vars) => {
      const lists = queryKeys.tasks.ofUser(vars.userId);
      await queryClient.cancelQueries({ queryKey: lists });
      const before = queryClient.getQueriesData<TaskList>({ queryKey: lists });
      queryClient.setQueriesData<TaskList>({ queryKey: lists }, (list) =>
        list && list.tasks.some((task) => task.id === vars.taskId)
          ? {
              open_count: Math.max(0, list.open_count - 1),
              tasks: list.tasks.filter((task) => task.id !== vars.taskId),
            }
          : list,
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [queryKey, data] of context?.before ?? [])
        queryClient.setQueryData(queryKey, data);
    },
    onSettled: (_task, _error, vars) =>
      invalidateAll(queryClient, invalidationKeys.closeTask(vars)),
  });
}

// ── e-mail accounts paused by the engine ──

/** Resumes the campaigns' sending from a mailbox the engine paused (decision 0175). */
export function resumeEmailAccountSendingMutationOptions(
  clients: ApiClients,
  queryClient: QueryClient,
) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'resume-email-account-sending'],
    mutationFn: async (vars: { accountId: number }) =>
      unwrap(
        await clients.api.POST('/api/v2/integrations/email/{accountId}/resume-sending', {
          params: { path: { accountId: vars.accountId } },
        }),
      ),
    onSettled: () => invalidateAll(queryClient, invalidationKeys.emailAccounts()),
  });
}

// ── outgoing webhooks (staff) ──

/** A customer's webhooks and their logs: every webhook change refreshes them. */
const refreshWebhooks = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() });

export function createWebhookMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'create-webhook'],
    mutationFn: async (vars: { userId: number; webhook: WebhookCreateRequest }) =>
      unwrap(
        await clients.api.POST('/api/v1/users/{id}/webhooks', {
          params: { path: { id: vars.userId } },
          body: vars.webhook,
        }),
      ),
    onSettled: () => refreshWebhooks(queryClient),
  });
}

export function updateWebhookMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'update-webhook'],
    mutationFn: async (vars: { webhookId: number; change: WebhookUpdateRequest }) =>
      unwrap(
        await clients.api.PATCH('/api/v1/webhooks/{id}', {
          params: { path: { id: vars.webhookId } },
          body: vars.change,
        }),
      ),
    onSettled: () => refreshWebhooks(queryClient),
  });
}

export function deleteWebhookMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'delete-webhook'],
    mutationFn: async (vars: { webhookId: number }) => {
      unwrap(
        await clients.api.DELETE('/api/v1/webhooks/{id}', {
          params: { path: { id: vars.webhookId } },
        }),
      );
    },
    onSettled: () => refreshWebhooks(queryClient),
  });
}

export function rotateWebhookSecretMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'rotate-webhook-secret'],
    mutationFn: async (vars: { webhookId: number }) =>
      unwrap(
        await clients.api.POST('/api/v1/webhooks/{id}/secret', {
          params: { path: { id: vars.webhookId } },
        }),
      ),
    onSettled: () => refreshWebhooks(queryClient),
  });
}

export function sendWebhookTestMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'send-webhook-test'],
    mutationFn: async (vars: { webhookId: number }) =>
      unwrap(
        await clients.api.POST('/api/v1/webhooks/{id}/test', {
          params: { path: { id: vars.webhookId } },
        }),
      ),
    onSettled: (_data, _error, vars) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(vars.webhookId) }),
  });
}

/** The signature of the answers sent from the inbox with a mailbox (decision 0226): the saved account replaces the listed one. */
export function updateEmailAccountMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'update-email-account'],
    mutationFn: async (vars: { accountId: number; signature: string }) =>
      unwrap(
        await clients.api.PATCH('/api/v2/integrations/email/{accountId}/settings', {
          params: { path: { accountId: vars.accountId } },
          body: { signature: vars.signature },
        }),
      ),
    onSuccess: (saved: EmailAccount) => {
      queryClient.setQueriesData<{ email_accounts_list: EmailAccount[] }>(
        { queryKey: queryKeys.integrations.emailAll() },
        (list) =>
          list
            ? {
                ...list,
                email_accounts_list: list.email_accounts_list.map((a) =>
                  a.id === saved.id ? saved : a,
                ),
              }
            : list,
      );
      return invalidateAll(queryClient, invalidationKeys.emailAccounts());
    },
  });
}

// ── answers from the inbox ──

/**
 * Answers a prospect's e-mail (decision 0225). The call waits for the mail server; the caller makes one
 * `idempotency_key` per press of Send, so a repeated request never sends twice. Once sent, the answer joins the
 * prospect's cached history at once (newest first) and the prospect's reads are refreshed.
 */
export function answerInboxMessageMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'answer-inbox-message'],
    mutationFn: async (
      vars: { userId: number; messageId: number; prospectId: number } & InboxAnswerRequest,
    ) =>
      unwrap(
        await clients.api.POST('/api/v1/users/{id}/inbox-messages/{messageId}/answers', {
          params: { path: { id: vars.userId, messageId: vars.messageId } },
          body: {
            body: vars.body,
            idempotency_key: vars.idempotency_key,
            ...(vars.email_account_id != null ? { email_account_id: vars.email_account_id } : {}),
          },
        }),
      ),
    onSuccess: (answer, vars) => {
      queryClient.setQueryData<Prospect>(queryKeys.prospect.detail(vars.prospectId), (prospect) =>
        prospect && !prospect.history.some((entry) => entry.id === answer.history_entry.id)
          ? {
              ...prospect,
              history: [answer.history_entry as HistoryEntry, ...prospect.history],
            }
          : prospect,
      );
      return invalidateAll(queryClient, [
        queryKeys.prospect.detail(vars.prospectId),
        ...invalidationKeys.markInboxRead(vars.userId),
      ]);
    },
  });
}

// ── prospects ──

export function setProspectStatusMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'set-prospect-status'],
    mutationFn: async (vars: ProspectScope & { status: UserSettableStatus }) =>
      unwrap(
        await clients.api.PUT('/api/v1/prospects/{id}/status', {
          params: { path: { id: vars.prospectId } },
          body: { prospecting_status: vars.status },
        }),
      ),
    onSuccess: (prospect, vars) => {
      queryClient.setQueryData(queryKeys.prospect.detail(vars.prospectId), prospect);
      return invalidateAll(queryClient, invalidationKeys.setProspectStatus(vars));
    },
  });
}

export function updateProspectMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'update-prospect'],
    mutationFn: async (vars: ProspectScope & { changes: ProspectUpdate }) =>
      unwrap(
        await clients.api.PUT('/api/v1/prospects/{id}', {
          params: { path: { id: vars.prospectId } },
          body: vars.changes,
        }),
      ),
    onSuccess: (prospect, vars) => {
      queryClient.setQueryData(queryKeys.prospect.detail(vars.prospectId), prospect);
      return invalidateAll(queryClient, invalidationKeys.updateProspect(vars));
    },
  });
}

export function substituteProspectMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'substitute-prospect'],
    mutationFn: async (vars: ProspectScope & { replacement: ContactReplacement }) =>
      unwrap(
        await clients.api.POST('/api/v1/prospects/{id}/substitute', {
          params: { path: { id: vars.prospectId } },
          body: vars.replacement,
        }),
      ),
    onSuccess: (_created, vars) =>
      invalidateAll(queryClient, invalidationKeys.substituteProspect(vars)),
  });
}

export function attachTagMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'attach-tag'],
    mutationFn: async (vars: ProspectScope & { label: string }) =>
      unwrap(
        await clients.api.POST('/api/v1/prospects/{id}/tags/attach', {
          params: { path: { id: vars.prospectId } },
          body: { label: vars.label },
        }),
      ),
    onSuccess: (_tag, vars) => invalidateAll(queryClient, invalidationKeys.tagOnProspect(vars)),
  });
}

export function detachTagMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'detach-tag'],
    mutationFn: async (vars: ProspectScope & { tagId: number }) => {
      unwrap(
        await clients.api.POST('/api/v1/prospects/{id}/tags/detach', {
          params: { path: { id: vars.prospectId } },
          body: { tag_id: vars.tagId },
        }),
      );
    },
    onSuccess: (_none, vars) => invalidateAll(queryClient, invalidationKeys.tagOnProspect(vars)),
  });
}

export function deleteTagMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'delete-tag'],
    mutationFn: async (vars: { tagId: number; userId: number }) => {
      unwrap(
        await clients.api.DELETE('/api/v1/prospects/tags/{id}', {
          params: { path: { id: vars.tagId } },
        }),
      );
    },
    onSuccess: (_none, vars) => invalidateAll(queryClient, invalidationKeys.deleteTag(vars.userId)),
  });
}

export function createCommentMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'create-comment'],
    mutationFn: async (vars: ProspectScope & { comment: CreateCommentRequest }) =>
      unwrap(
        await clients.api.POST('/api/v1/prospects/{id}/comment', {
          params: { path: { id: vars.prospectId } },
          body: vars.comment,
        }),
      ),
    onSuccess: (_comment, vars) => invalidateAll(queryClient, invalidationKeys.comment(vars)),
  });
}

export function deleteCommentMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'delete-comment'],
    mutationFn: async (vars: ProspectScope & { commentId: number }) => {
      unwrap(
        await clients.api.DELETE('/api/v1/prospects/{id}/comment/{commentId}', {
          params: { path: { id: vars.prospectId, commentId: vars.commentId } },
        }),
      );
    },
    onSuccess: (_none, vars) => invalidateAll(queryClient, invalidationKeys.comment(vars)),
  });
}

// ── dashboard, inbox, campaigns ──

export function nurtureAllMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'nurture-all'],
    mutationFn: async (vars: { userId: number }) =>
      unwrap(
        await clients.api.POST('/api/v1/users/{id}/dashboard/nurture-prospects', {
          params: { path: { id: vars.userId } },
        }),
      ),
    onSuccess: (_result, vars) =>
      invalidateAll(queryClient, invalidationKeys.batchStatus(vars.userId)),
  });
}

export function cleanNurtureMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'clean-nurture'],
    mutationFn: async (vars: { userId: number }) =>
      unwrap(
        await clients.api.POST('/api/v1/users/{id}/dashboard/clean-nurture', {
          params: { path: { id: vars.userId } },
        }),
      ),
    onSuccess: (_result, vars) =>
      invalidateAll(queryClient, invalidationKeys.batchStatus(vars.userId)),
  });
}

export function markInboxReadMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'mark-inbox-read'],
    mutationFn: async (vars: { userId: number; messageId: number }) =>
      unwrap(
        await clients.api.POST('/api/v1/users/{id}/inbox-messages/{messageId}/read', {
          params: { path: { id: vars.userId, messageId: vars.messageId } },
        }),
      ),
    onSuccess: (_result, vars) =>
      invalidateAll(queryClient, invalidationKeys.markInboxRead(vars.userId)),
  });
}

/**
 * PUT …/inbox-messages/{messageId}/label: a user changes an answer's label (the classifier's suggestion). The inbox
 * (every filter: the answer may move between them), the prospect's history (the change is recorded there) and the
 * badge follow.
 */
export function setInboxLabelMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'set-inbox-label'],
    mutationFn: async (vars: { userId: number; messageId: number; label: ReplyLabel }) =>
      unwrap(
        await clients.api.PUT('/api/v1/users/{id}/inbox-messages/{messageId}/label', {
          params: { path: { id: vars.userId, messageId: vars.messageId } },
          body: { label: vars.label },
        }),
      ),
    onSettled: (_result, _error, vars) =>
      invalidateAll(queryClient, invalidationKeys.setInboxLabel(vars.userId)),
  });
}

export function syncCampaignMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'sync-campaign'],
    mutationFn: async (vars: { campaignId: number; userId: number }) =>
      unwrap(
        await clients.api.GET('/api/v1/campaigns/{id}/sync', {
          params: { path: { id: vars.campaignId } },
        }),
      ),
    onSuccess: (_campaign, vars) =>
      invalidateAll(queryClient, invalidationKeys.syncCampaign(vars.campaignId, vars.userId)),
  });
}

// ── campaign builder (staff) ──

export function createCampaignDraftMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'create-campaign-draft'],
    mutationFn: async (vars: { userId: number; name: string; language?: CampaignLanguage }) =>
      unwrap(
        await clients.api.POST('/api/v1/users/{id}/campaign-drafts', {
          params: { path: { id: vars.userId } },
          body: { name: vars.name, ...(vars.language ? { language: vars.language } : {}) },
        }),
      ),
    onSuccess: async (definition, vars) => {
      queryClient.setQueryData(queryKeys.campaignBuilder.definition(definition.id), definition);
      await invalidateAll(queryClient, [
        queryKeys.campaignBuilder.drafts(vars.userId),
        queryKeys.campaigns.ofUser(vars.userId),
      ]);
    },
  });
}

/** Saves the whole definition; the answer (with its problems) replaces the cached one. */
export function updateCampaignDefinitionMutationOptions(
  clients: ApiClients,
  queryClient: QueryClient,
) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'update-campaign-definition'],
    mutationFn: async (vars: {
      campaignId: number;
      userId: number;
      definition: CampaignDefinitionUpdate;
    }) =>
      unwrap(
        await clients.api.PUT('/api/v1/campaigns/{id}/definition', {
          params: { path: { id: vars.campaignId } },
          body: vars.definition,
        }),
      ),
    onSuccess: async (definition, vars) => {
      queryClient.setQueryData(queryKeys.campaignBuilder.definition(vars.campaignId), definition);
      await invalidateAll(
        queryClient,
        invalidationKeys.campaignDefinition(vars.campaignId, vars.userId),
      );
    },
  });
}

/** Launch, pause, resume, finish or archive; a refused launch's ApiError body carries the problems. */
export function changeCampaignLifecycleMutationOptions(
  clients: ApiClients,
  queryClient: QueryClient,
) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'change-campaign-lifecycle'],
    mutationFn: async (vars: {
      campaignId: number;
      userId: number;
      action: CampaignLifecycleAction;
    }) =>
      unwrap(
        await clients.api.POST('/api/v1/campaigns/{id}/lifecycle', {
          params: { path: { id: vars.campaignId } },
          body: { action: vars.action },
        }),
      ),
    onSuccess: (_campaign, vars) =>
      invalidateAll(queryClient, invalidationKeys.campaignLifecycle(vars.campaignId, vars.userId)),
  });
}

export function deleteCampaignDraftMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'delete-campaign-draft'],
    mutationFn: async (vars: { campaignId: number; userId: number }) =>
      unwrap(
        await clients.api.DELETE('/api/v1/campaigns/{id}', {
          params: { path: { id: vars.campaignId } },
        }),
      ),
    onSuccess: async (_result, vars) => {
      queryClient.removeQueries({
        queryKey: queryKeys.campaignBuilder.definition(vars.campaignId),
      });
      await invalidateAll(queryClient, [
        queryKeys.campaignBuilder.drafts(vars.userId),
        queryKeys.campaigns.ofUser(vars.userId),
      ]);
    },
  });
}

// ── onboarding ──

export interface OnboardingSubmissionInput {
  userId: number;
  /** `salesPresentation` lists the ids answered by the upload call. */
  brief: CampaignBrief;
  audience: Audience;
}

/** POST /api/v1/users/{id}/onboarding (JSON); the answers of that user are refetched. */
export function submitOnboardingMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'submit-onboarding'],
    mutationFn: async (vars: OnboardingSubmissionInput) =>
      unwrap(
        await clients.api.POST('/api/v1/users/{id}/onboarding', {
          params: { path: { id: vars.userId } },
          body: { brief: vars.brief, audience: vars.audience },
        }),
      ),
    onSuccess: (submission, vars) => {
      queryClient.setQueryData(queryKeys.onboarding(vars.userId), { submission });
    },
  });
}

// ── integrations ──

export function createSmtpEmailAccountMutationOptions(
  clients: ApiClients,
  queryClient: QueryClient,
) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'create-smtp-email-account'],
    mutationFn: async (vars: { account: SmtpEmailAccountRequest; userId?: number }) =>
      unwrap(
        await clients.api.POST('/api/v2/integrations/email/smtp', {
          params: { query: vars.userId === undefined ? {} : { user_id: vars.userId } },
          body: vars.account,
        }),
      ),
    // §4: after each creation attempt, successful or not, the list is refreshed.
    onSettled: () => invalidateAll(queryClient, invalidationKeys.emailAccounts()),
  });
}

export function createOAuthEmailAccountMutationOptions(
  clients: ApiClients,
  queryClient: QueryClient,
) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'create-oauth-email-account'],
    mutationFn: async (vars: { provider: OAuthProvider; userId?: number }) =>
      unwrap(
        await clients.api.POST('/api/v2/integrations/email/{provider}', {
          params: {
            path: { provider: vars.provider },
            query: vars.userId === undefined ? {} : { user_id: vars.userId },
          },
        }),
      ),
    onSettled: () => invalidateAll(queryClient, invalidationKeys.emailAccounts()),
  });
}

export function connectLinkedinAccountMutationOptions(
  clients: ApiClients,
  queryClient: QueryClient,
) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'connect-linkedin-account'],
    mutationFn: async (vars: { linkedinAccountId: number; cookie: string }) =>
      unwrap(
        await clients.api.POST('/api/v2/integrations/linkedin/connection', {
          body: { linkedin_account_id: vars.linkedinAccountId, linkedin_cookie: vars.cookie },
        }),
      ),
    onSuccess: () => invalidateAll(queryClient, invalidationKeys.linkedinAccounts()),
  });
}

// ── user service (no cached data changes; the public pages' calls are in account.ts) ──

/** 'Sign out everywhere': revokes every session of the user, this one included. */
export function revokeAllSessionsMutationOptions(clients: ApiClients) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'revoke-all-sessions'],
    mutationFn: async () => {
      unwrap(await clients.api.POST('/api/v2/auth/sessions/revoke-all'));
    },
  });
}

export function changePasswordMutationOptions(clients: ApiClients) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'change-password'],
    mutationFn: async (vars: {
      current_password: string;
      new_password: string;
      confirm_new_password: string;
    }) => {
      unwrap(await clients.users.POST('/api/users/user/change-password', { body: vars }));
    },
  });
}

// ── spreadsheet exports ──

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

function filenameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

async function asDownload(
  result: { data?: unknown; error?: unknown; response: Response },
  fallback: string,
): Promise<DownloadedFile> {
  if (!result.response.ok || !(result.data instanceof Blob)) {
    throw new ApiError(result.response.status, result.error);
  }
  return { blob: result.data, filename: filenameOf(result.response, fallback) };
}

/** The campaign's sheet, its headers and values in `locale` (the user's interface language). */
export async function downloadCampaignExport(
  clients: ApiClients,
  campaignId: number,
  locale: Locale,
): Promise<DownloadedFile> {
  return asDownload(
    await clients.api.GET('/api/v1/campaigns/{id}/prospects/export', {
      params: { path: { id: campaignId }, query: { locale } },
      parseAs: 'blob',
    }),
    `campaign-${campaignId}-prospects.xlsx`,
  );
}

/** The dashboard's sheet, its headers and values in `locale` (the user's interface language). */
export async function downloadDashboardExport(
  clients: ApiClients,
  userId: number,
  locale: Locale,
): Promise<DownloadedFile> {
  return asDownload(
    await clients.api.GET('/api/v1/users/{id}/dashboard/export', {
      params: { path: { id: userId }, query: { locale } },
      parseAs: 'blob',
    }),
    `dashboard-${userId}.xlsx`,
  );
}

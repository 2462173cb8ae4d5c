/**
 * A complete, stateful set of MSW handlers over a fixture scenario: every contract operation answers, and
 * changes (status, tags, comments, accounts…) are visible to later reads, so Storybook pages and app tests
 * behave like the real server. Every answer is typed against the contract.
 */
import { HttpResponse, type HttpHandler } from 'msw';
import {
  isInboxStatus,
  isInProgress,
  isNurtureAllCandidate,
  MAX_UPLOAD_BYTES,
  MIN_PASSWORD_LENGTH,
  type PasswordErrorCode,
} from '@prospecta/domain';
import {
  campaignDetailOf,
  campaignsOf,
  createScenario,
  dashboardOf,
  inboxOf,
  lastCommentsOf,
  userListOf,
  type Scenario,
} from '../fixtures/scenario';
import {
  fixtureDate,
  makeEmailAccount,
  makeHistoryEntry,
  makeOnboardingSubmission,
  makeUploadedFile,
  makeProspect,
  makeTokenPair,
} from '../fixtures/factories';
import type {
  Audience,
  CampaignBrief,
  OnboardingSubmission,
  Prospect,
  ProspectStatus,
  UploadedFile,
  User,
} from '../schema';
import { campaignBuilderHandlers } from './campaignBuilderHandlers';
import { mockOperation } from './typed';

export const DEMO_PASSWORD = 'prospecta-demo';

export interface ScenarioHandlerOptions {
  /** The signed-in user for user-service calls (default: the scenario's customer). */
  currentUser?: User;
  /**
   * The server-side transition rule. Pass canUserSet from @prospecta/domain to get its 409 answers;
   * the default only refuses a status equal to the current one.
   */
  canUserSet?: (from: ProspectStatus, to: ProspectStatus) => boolean;
  /** Answer the two external sign-in providers with 501 oauth_not_available (as the reference server does). */
  oauthAvailable?: boolean;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function spreadsheet(filename: string): Response {
  // A zip signature is enough for clients that only download the file.
  return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    status: 200,
    headers: { 'Content-Type': XLSX, 'Content-Disposition': `attachment; filename="${filename}"` },
  });
}

const EMPTY_OBJECT: Record<string, never> = {};
const notFound = { status: 404 as const, body: { detail: 'Not found.' } };

export interface ScenarioHandlers {
  handlers: HttpHandler[];
  /** The live state (mutated by the handlers). */
  state: Scenario;
}

export function createScenarioHandlers(
  scenario: Scenario = createScenario(),
  options: ScenarioHandlerOptions = {},
): ScenarioHandlers {
  const state = structuredClone(scenario);
  const canUserSet =
    options.canUserSet ?? ((from: ProspectStatus, to: ProspectStatus) => from !== to);
  const currentUser = () => options.currentUser ?? state.customer;
  const readIds = new Set<number>();
  let nextId = 100_000;
  const submissions = new Map<number, OnboardingSubmission>();
  const uploads = new Map<string, UploadedFile>();
  let tokenSerial = 1;

  const prospectById = (id: string | number) => state.prospects.find((p) => p.id === Number(id));
  const userById = (id: string | number) => state.users.find((u) => u.id === Number(id));
  /** Like the server: the unread answers' list only with `include=unread_messages` (the count always). */
  const profileOf = (user: User, include: string | null = null): User => {
    if (include === 'unread_messages')
      return { ...user, unread_messages_since: user.unread_messages_since ?? [] };
    const { unread_messages_since: _list, ...rest } = user;
    return rest;
  };

  function changeStatus(prospect: Prospect, to: ProspectStatus): void {
    prospect.history.unshift(
      makeHistoryEntry('status_change', nextId++, {
        id: nextId++,
        event_date: fixtureDate(24 * 7),
        content: `${prospect.prospecting_status} → ${to}`,
        from: prospect.prospecting_status,
        to,
      }),
    );
    prospect.prospecting_status = to;
    prospect.event_date = prospect.history[0]?.event_date ?? prospect.event_date;
  }

  const handlers: HttpHandler[] = [
    // ── auth ──
    mockOperation('post', '/api/v2/auth/token/get', async ({ json }) => {
      const { email, password } = await json();
      const user = state.users.find((u) => u.email === email.trim().toLowerCase());
      if (!user || password !== DEMO_PASSWORD)
        return { status: 401, body: { detail: 'Invalid credentials.' } };
      return { status: 200, body: { ...makeTokenPair(tokenSerial++), user: profileOf(user) } };
    }),
    mockOperation('post', '/api/v2/auth/token/verify', async ({ json }) => {
      const { token } = await json();
      if (!token.startsWith('access-token-'))
        return { status: 401, body: { detail: 'Token is invalid or expired.' } };
      return { status: 200, body: EMPTY_OBJECT };
    }),
    mockOperation('post', '/api/v2/auth/token/refresh', async ({ json }) => {
      const { refresh } = await json();
      return refresh.startsWith('refresh-token-')
        ? { status: 200, body: makeTokenPair(tokenSerial++) }
        : { status: 401, body: { detail: 'Token is invalid or expired.' } };
    }),
    mockOperation('post', '/api/v2/auth/token/revoke', { status: 204 }),
    mockOperation('post', '/api/v2/auth/sessions/revoke-all', { status: 204 }),

    // ── prospects ──
    mockOperation('get', '/api/v1/prospects/tags', () => ({
      status: 200,
      body: { tags: [...state.tags].sort((a, b) => a.label.localeCompare(b.label)) },
    })),
    mockOperation('delete', '/api/v1/prospects/tags/{id}', ({ params }) => {
      const id = Number(params.id);
      if (!state.tags.some((t) => t.id === id)) return notFound;
      state.tags = state.tags.filter((t) => t.id !== id);
      for (const p of state.prospects) p.tags = p.tags.filter((t) => t.id !== id);
      return { status: 204 };
    }),
    mockOperation('post', '/api/v1/prospects/{id}/tags/attach', async ({ params, json }) => {
      const prospect = prospectById(params.id);
      if (!prospect) return notFound;
      const label = (await json()).label.trim();
      if (!label) return { status: 422, body: { detail: 'The label must not be blank.' } };
      let tag = state.tags.find((t) => t.label.toLocaleLowerCase() === label.toLocaleLowerCase());
      if (!tag) {
        tag = { id: nextId++, label };
        state.tags.push(tag);
      }
      if (!prospect.tags.some((t) => t.id === tag.id)) prospect.tags.push(tag);
      return { status: 200, body: tag };
    }),
    mockOperation('post', '/api/v1/prospects/{id}/tags/detach', async ({ params, json }) => {
      const prospect = prospectById(params.id);
      if (!prospect) return notFound;
      const { tag_id } = await json();
      prospect.tags = prospect.tags.filter((t) => t.id !== tag_id);
      return { status: 204 };
    }),
    mockOperation('post', '/api/v1/prospects/{id}/comment', async ({ params, json }) => {
      const prospect = prospectById(params.id);
      if (!prospect) return notFound;
      const body = await json();
      const content = (body.content ?? '').trim();
      const activity = body.activity ? body.activity : null;
      if (!content && !activity) {
        return { status: 422, body: { detail: 'Either content or activity must be provided' } };
      }
      const user = currentUser();
      const comment = {
        id: nextId++,
        prospect_id: prospect.id,
        content,
        activity,
        created_at: fixtureDate(24 * 7),
        author: { id: user.id, full_name: user.full_name },
      };
      prospect.comments.unshift(comment);
      prospect.last_comment = { content, activity, created_at: comment.created_at };
      return { status: 201, body: comment };
    }),
    mockOperation('delete', '/api/v1/prospects/{id}/comment/{commentId}', ({ params }) => {
      const prospect = prospectById(params.id);
      const commentId = Number(params.commentId);
      if (!prospect || !prospect.comments.some((c) => c.id === commentId)) return notFound;
      prospect.comments = prospect.comments.filter((c) => c.id !== commentId);
      const latest = prospect.comments[0];
      prospect.last_comment = latest
        ? { content: latest.content, activity: latest.activity, created_at: latest.created_at }
        : null;
      return { status: 204 };
    }),
    mockOperation('put', '/api/v1/prospects/{id}', async ({ params, json }) => {
      const prospect = prospectById(params.id);
      if (!prospect) return notFound;
      const { company, ...changes } = await json();
      Object.assign(prospect, changes);
      if (company) Object.assign(prospect.company, company);
      return { status: 200, body: prospect };
    }),
    mockOperation('put', '/api/v1/prospects/{id}/status', async ({ params, json }) => {
      const prospect = prospectById(params.id);
      if (!prospect) return notFound;
      const to = (await json()).prospecting_status;
      if (!canUserSet(prospect.prospecting_status, to)) {
        return {
          status: 409,
          body: { detail: `A prospect cannot go from ${prospect.prospecting_status} to ${to}.` },
        };
      }
      changeStatus(prospect, to);
      return { status: 200, body: prospect };
    }),
    mockOperation('post', '/api/v1/prospects/{id}/substitute', async ({ params, json }) => {
      const prospect = prospectById(params.id);
      if (!prospect) return notFound;
      const { reason, ...contact } = await json();
      if (!reason.trim()) return { status: 422, body: { detail: 'A reason is required.' } };
      const id = nextId++;
      const created: Prospect = {
        ...makeProspect(id % 1000, {
          campaign: prospect.campaign,
          userId: prospect.user_id,
          status: 'pending',
          hasResponses: false,
        }),
        id,
        title: contact.title ?? 'undefined',
        first_name: contact.first_name,
        last_name: contact.last_name,
        position: contact.position ?? null,
        phone: contact.phone ?? null,
        direct_line: contact.direct_line ?? null,
        email: contact.email ?? null,
        linkedin: contact.linkedin ?? null,
        company: { ...prospect.company },
        tags: [],
        comments: [],
        history: [],
        last_comment: null,
        event_date: null,
      };
      changeStatus(prospect, 'lost');
      prospect.history.unshift(
        makeHistoryEntry('note', nextId, {
          id: nextId++,
          content: reason,
          event_date: fixtureDate(24 * 7),
        }),
      );
      state.prospects.push(created);
      return { status: 201, body: created };
    }),
    mockOperation('get', '/api/v2/prospects/{id}', ({ params }) => {
      const prospect = prospectById(params.id);
      return prospect ? { status: 200, body: prospect } : notFound;
    }),

    // ── campaigns ──
    mockOperation('get', '/api/v2/campaigns/{id}', ({ params }) => {
      const detail = campaignDetailOf(state, Number(params.id));
      return detail ? { status: 200, body: detail } : notFound;
    }),
    mockOperation('get', '/api/v1/campaigns/{id}/prospects/export', ({ params }) =>
      spreadsheet(`campaign-${params.id}-prospects.xlsx`),
    ),
    mockOperation('get', '/api/v1/campaigns/{id}/sync', ({ params }) => {
      const campaign = state.campaigns.find((c) => c.id === Number(params.id));
      if (!campaign) return notFound;
      if (!campaign.is_active)
        return { status: 409, body: { detail: 'Only an active campaign can be refreshed.' } };
      campaign.last_update_at = fixtureDate(24 * 7);
      return { status: 200, body: campaign };
    }),
    ...campaignBuilderHandlers(state, { next: () => nextId++ }),
    mockOperation('get', '/api/v1/users/{id}/campaigns', ({ params }) =>
      userById(params.id)
        ? { status: 200, body: { campaigns: campaignsOf(state, Number(params.id)) } }
        : notFound,
    ),

    // ── dashboard ──
    mockOperation('get', '/api/v1/users/{id}/dashboard', ({ params }) =>
      userById(params.id) ? { status: 200, body: dashboardOf(state, Number(params.id)) } : notFound,
    ),
    mockOperation('get', '/api/v1/users/{id}/dashboard/export', ({ params }) =>
      spreadsheet(`dashboard-${params.id}.xlsx`),
    ),
    mockOperation('post', '/api/v1/users/{id}/dashboard/nurture-prospects', ({ params }) => {
      if (!userById(params.id)) return notFound;
      const active = new Set(state.campaigns.filter((c) => c.is_active).map((c) => c.id));
      const candidates = state.prospects.filter(
        (p) =>
          p.user_id === Number(params.id) &&
          isNurtureAllCandidate({ ...p, campaign_is_active: active.has(p.campaign_id) }),
      );
      for (const p of candidates) changeStatus(p, 'nurture');
      return { status: 200, body: { moved: candidates.length } };
    }),
    mockOperation('post', '/api/v1/users/{id}/dashboard/clean-nurture', ({ params }) => {
      if (!userById(params.id)) return notFound;
      const column = state.prospects.filter(
        (p) => p.user_id === Number(params.id) && p.prospecting_status === 'nurture',
      );
      for (const p of column) changeStatus(p, 'nurtured');
      return { status: 200, body: { moved: column.length } };
    }),

    // ── inbox ──
    mockOperation('get', '/api/v1/users/{id}/inbox-messages', ({ params }) =>
      userById(params.id)
        ? { status: 200, body: inboxOf(state, Number(params.id), readIds) }
        : notFound,
    ),
    mockOperation('post', '/api/v1/users/{id}/inbox-messages/{messageId}/read', ({ params }) => {
      const user = userById(params.id);
      if (!user) return notFound;
      readIds.add(Number(params.messageId));
      user.unread_messages_since = (user.unread_messages_since ?? []).filter(
        (m) => !readIds.has(m.message_id),
      );
      user.unread_messages_count = user.unread_messages_since.length;
      return { status: 200, body: { unread_messages_count: user.unread_messages_count } };
    }),

    // ── onboarding ──
    mockOperation('get', '/api/v1/users/{id}/onboarding', ({ params }) => {
      if (!userById(params.id)) return notFound;
      return { status: 200, body: { submission: submissions.get(Number(params.id)) ?? null } };
    }),
    mockOperation('post', '/api/v1/users/{id}/onboarding', async ({ params, request }) => {
      if (!userById(params.id)) return notFound;
      const { brief, audience } = (await request.json()) as {
        brief: CampaignBrief;
        audience: Audience;
      };
      if (!Object.values(audience.companySizes).some(Boolean)) {
        return {
          status: 422,
          body: {
            detail: 'audience.companySizes.allCompanies: You must select at least one option.',
          },
        };
      }
      const files = brief.salesPresentation.map(
        (id) => uploads.get(id) ?? makeUploadedFile({ id }),
      );
      const submission = makeOnboardingSubmission({
        id: nextId++,
        user_id: Number(params.id),
        brief,
        audience,
        files,
      });
      submissions.set(Number(params.id), submission);
      return { status: 201, body: submission };
    }),
    mockOperation('post', '/api/v1/users/{id}/onboarding/files', async ({ params, request }) => {
      if (!userById(params.id)) return notFound;
      const form = await request.formData();
      const files = form.getAll('files').filter((f): f is File => typeof f !== 'string');
      if (files.length === 0)
        return { status: 400, body: { detail: 'Send at least one "files" part.' } };
      if (files.some((f) => f.size > MAX_UPLOAD_BYTES)) {
        return { status: 413, body: { detail: 'Some files exceed the 15MB size limit.' } };
      }
      const type = (f: File) => (f.type === 'image/jpg' ? 'image/jpeg' : f.type);
      const allowed = [
        'image/png',
        'image/jpeg',
        'image/gif',
        'image/webp',
        'application/pdf',
      ] as const;
      const isAllowed = (t: string): t is (typeof allowed)[number] =>
        (allowed as readonly string[]).includes(t);
      const refused = files.find((f) => !isAllowed(type(f)));
      if (refused)
        return {
          status: 415,
          body: {
            detail: `"${refused.name}" is neither an image (PNG, JPEG, GIF, WebP) nor a PDF.`,
          },
        };
      const stored = files.map((f) => {
        const t = type(f);
        const file = makeUploadedFile({
          id: crypto.randomUUID(),
          name: f.name,
          size: f.size,
          content_type: isAllowed(t) ? t : 'application/pdf',
        });
        uploads.set(file.id, file);
        return file;
      });
      return { status: 201, body: { files: stored } };
    }),

    // ── integrations ──
    mockOperation('get', '/api/v2/integrations/email', () => ({
      status: 200,
      body: { email_accounts_list: state.emailAccounts },
    })),
    mockOperation('post', '/api/v2/integrations/email/smtp', async ({ json }) => {
      const form = await json();
      if (form.password === 'wrong-password') {
        return {
          status: 400,
          body: {
            detail: 'IMAP login failed.',
            message: { state_message: 'bad_imap_credentials' as const },
          },
        };
      }
      if (state.emailAccounts.some((a) => a.email === form.email)) {
        return {
          status: 409,
          body: {
            detail: 'This account already exists.',
            message: { state_message: 'email_account_already_exists' as const },
          },
        };
      }
      const account = makeEmailAccount(3, {
        id: nextId++,
        name: form.email.split('@')[0] ?? form.email,
        email: form.email,
        is_valid: true,
        first_use: true,
        account_type: 'SMTP',
        auth_url: null,
        created_on: fixtureDate(24 * 7),
      });
      state.emailAccounts.push(account);
      return { status: 201, body: { email_account: account } };
    }),
    // Browser navigations of an external sign-in (the app never calls them): the scenario has no pending sign-in,
    // so they answer as the server does for an unknown account or an unknown state.
    mockOperation('get', '/api/v2/integrations/email/{provider}/authorize', {
      status: 404,
      body: { detail: 'Not found.' },
    }),
    mockOperation('get', '/api/v2/integrations/email/{provider}/callback', {
      status: 400,
      body: { detail: 'This sign-in link is unknown or was already used.' },
    }),
    mockOperation('post', '/api/v2/integrations/email/{provider}', ({ params }) => {
      if (!options.oauthAvailable) {
        return {
          status: 501,
          body: {
            detail: 'External sign-in is not configured on this server.',
            message: { state_message: 'oauth_not_available' as const },
          },
        };
      }
      const provider = params.provider === 'microsoft' ? 'MICROSOFT' : 'GOOGLE';
      const account = makeEmailAccount(2, {
        id: nextId++,
        account_type: provider,
        is_valid: false,
        redirect_url: `https://auth.example.com/${params.provider}/authorize?state=demo`,
      });
      state.emailAccounts.push({ ...account, redirect_url: undefined });
      return { status: 201, body: { email_account: account } };
    }),
    mockOperation('get', '/api/v2/integrations/linkedin', () => ({
      status: 200,
      body: { linkedin_accounts_list: state.linkedinAccounts },
    })),
    mockOperation('post', '/api/v2/integrations/linkedin/connection', async ({ json }) => {
      const { linkedin_account_id, linkedin_cookie } = await json();
      const account = state.linkedinAccounts.find((a) => a.id === linkedin_account_id);
      if (!account) return notFound;
      // Like the server: never the cookie itself, a mask ending with its last 4 characters.
      account.session_cookie = `••••${linkedin_cookie.length > 12 ? linkedin_cookie.slice(-4) : ''}`;
      account.is_valid = true;
      account.first_use = false;
      return { status: 200, body: account };
    }),

    // ── user service ──
    mockOperation('get', '/api/users/user', ({ query }) => ({
      status: 200,
      body: profileOf(currentUser(), query.get('include')),
    })),
    mockOperation('get', '/api/users/list', ({ query }) => ({
      status: 200,
      body: { users: userListOf(state, query.get('search') ?? '') },
    })),
    mockOperation('get', '/api/users/{id}/profile', ({ params, query }) => {
      const user = userById(params.id);
      return user ? { status: 200, body: profileOf(user, query.get('include')) } : notFound;
    }),
    mockOperation('get', '/api/users/{id}/last-comments', ({ params, query }) => {
      if (!userById(params.id)) return notFound;
      const prospectId = query.get('prospect_id');
      const comments = lastCommentsOf(state, Number(params.id)).filter(
        (c) => prospectId === null || c.prospect_id === Number(prospectId),
      );
      return { status: 200, body: { comments } };
    }),
    mockOperation('post', '/api/user/reset-password', { status: 204 }),
    // The code 'invalid' stands for an unknown, used or expired link.
    mockOperation('post', '/api/user/reset-code/check', async ({ json }) =>
      (await json()).code === 'invalid'
        ? { status: 400, body: { detail: 'This link is invalid or has expired.' } }
        : { status: 204 },
    ),
    mockOperation('post', '/api/user/reset-change-password', async ({ json }) => {
      const body = await json();
      if (body.code === 'invalid')
        return { status: 400, body: { detail: 'This link is invalid or has expired.' } };
      if (body.new_password !== body.confirm_new_password) {
        return {
          status: 422,
          body: { detail: [{ confirm_new_password: 'passwords_do_not_match' as const }] },
        };
      }
      if (body.new_password.length < MIN_PASSWORD_LENGTH) {
        return { status: 422, body: { detail: [{ new_password: 'password_too_short' as const }] } };
      }
      return { status: 204 };
    }),
    mockOperation('post', '/api/users/user/change-password', async ({ json }) => {
      const body = await json();
      const errors: Array<
        | { current_password: PasswordErrorCode }
        | { new_password: PasswordErrorCode }
        | { confirm_new_password: PasswordErrorCode }
      > = [];
      if (body.current_password !== DEMO_PASSWORD)
        errors.push({ current_password: 'current_password_incorrect' });
      if (body.new_password.length < MIN_PASSWORD_LENGTH)
        errors.push({ new_password: 'password_too_short' });
      if (body.new_password !== body.confirm_new_password) {
        errors.push({ confirm_new_password: 'passwords_do_not_match' });
      }
      return errors.length > 0 ? { status: 422, body: { detail: errors } } : { status: 204 };
    }),

    // ── meta ──
    mockOperation('get', '/api/health', () => ({ status: 200, body: { status: 'ok' as const } })),

    // ── dev ──
    mockOperation('get', '/api/dev/outbox', () => ({ status: 200, body: state.outbox })),
    mockOperation('post', '/api/dev/inbox-answers', async ({ json }) => {
      const body = await json();
      const user = state.users.find((u) => u.email.toLowerCase() === body.email.toLowerCase());
      if (!user) return notFound;
      const prospect =
        body.prospect_id !== undefined
          ? state.prospects.find((p) => p.id === body.prospect_id && p.user_id === user.id)
          : state.prospects.find(
              (p) =>
                p.user_id === user.id && !p.has_responses && isInProgress(p.prospecting_status),
            );
      if (!prospect) return notFound;
      if (!isInboxStatus(prospect.prospecting_status)) {
        return { status: 409, body: { detail: 'Only prospects still to handle can answer.' } };
      }
      // Later than every fixture date, so the answer is the newest of the inbox.
      const entry = makeHistoryEntry(body.channel ?? 'email', nextId++, {
        id: nextId++,
        event_date: fixtureDate(24 * 30 + nextId / 1000),
        content: body.content,
        direction: 'inbound',
      });
      prospect.history.unshift(entry);
      prospect.has_responses = true;
      user.unread_messages_since ??= [];
      user.unread_messages_since.unshift({
        message_id: entry.id,
        prospect_id: prospect.id,
        first_name: prospect.first_name,
        last_name: prospect.last_name,
        company_name: prospect.company.name,
        channel: entry.type === 'linkedin_message' ? 'linkedin_message' : 'email',
        content: entry.content,
        received_at: entry.event_date,
      });
      user.unread_messages_count = user.unread_messages_since.length;
      return {
        status: 201,
        body: { message_id: entry.id, prospect_id: prospect.id, user_id: user.id },
      };
    }),
  ];

  return { handlers, state };
}

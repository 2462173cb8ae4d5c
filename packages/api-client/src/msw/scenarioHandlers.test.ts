import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClients, type ApiClients } from '../clients';
import { makeAudience, makeCampaignBrief } from '../fixtures/factories';
import { requestSignIn } from '../account';
import { uploadOnboardingFile } from '../upload';
import { assertMatchesResponse, contractOperations } from '../testing/contract';
import { createScenarioHandlers, type ScenarioHandlerOptions } from './scenarioHandlers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup(options: ScenarioHandlerOptions = {}) {
  const scenario = createScenarioHandlers(undefined, options);
  server.use(...scenario.handlers);
  const clients = createApiClients({
    config: {
      apiBaseUrl: 'http://prospecta.test',
      userServiceBaseUrl: 'http://users.prospecta.test',
    },
    auth: {
      getAccessToken: () => 'access-token-1',
      getRefreshToken: () => 'refresh-token-1',
      refresh: async () => ({ access: 'access-token-2', refresh: 'refresh-token-2' }),
      onTokens: () => undefined,
      onRefreshFailed: () => undefined,
      onSessionExpired: () => undefined,
    },
  });
  return { clients, state: scenario.state };
}

type Result = { data?: unknown; error?: unknown; response: Response };

/** One representative call per contract operation, keyed "METHOD path". */
function calls(
  clients: ApiClients,
  state: ReturnType<typeof setup>['state'],
): Record<string, () => Promise<Result>> {
  const { api, users } = clients;
  const prospect = state.prospects.find(
    (p) => p.prospecting_status === 'ongoing' && p.user_id === 2,
  )!;
  const commented = state.prospects.find((p) => p.comments.length > 0)!;
  const active = state.campaigns.find((c) => c.is_active)!;
  const path = (id: number) => ({ params: { path: { id } } });
  return {
    'POST /api/v2/auth/token/get': () =>
      api.POST('/api/v2/auth/token/get', {
        body: { email: 'customer@example.com', password: 'prospecta-demo' },
      }),
    'POST /api/v2/auth/token/verify': () =>
      api.POST('/api/v2/auth/token/verify', { body: { token: 'access-token-1' } }),
    'POST /api/v2/auth/token/refresh': () =>
      api.POST('/api/v2/auth/token/refresh', { body: { refresh: 'refresh-token-1' } }),
    'POST /api/v2/auth/token/revoke': () =>
      api.POST('/api/v2/auth/token/revoke', { body: { refresh: 'refresh-token-1' } }),
    'POST /api/v2/auth/sessions/revoke-all': () => api.POST('/api/v2/auth/sessions/revoke-all'),
    'GET /api/v1/prospects/tags': () =>
      api.GET('/api/v1/prospects/tags', { params: { query: { user_id: 2 } } }),
    'DELETE /api/v1/prospects/tags/{id}': () =>
      api.DELETE('/api/v1/prospects/tags/{id}', path(state.tags[1]!.id)),
    'POST /api/v1/prospects/{id}/tags/attach': () =>
      api.POST('/api/v1/prospects/{id}/tags/attach', {
        ...path(prospect.id),
        body: { label: 'Nouveau tag' },
      }),
    'POST /api/v1/prospects/{id}/tags/detach': () =>
      api.POST('/api/v1/prospects/{id}/tags/detach', {
        ...path(prospect.id),
        body: { tag_id: state.tags[0]!.id },
      }),
    'POST /api/v1/prospects/{id}/comment': () =>
      api.POST('/api/v1/prospects/{id}/comment', {
        ...path(prospect.id),
        body: { content: '', activity: 'REACHED' },
      }),
    'DELETE /api/v1/prospects/{id}/comment/{commentId}': () =>
      api.DELETE('/api/v1/prospects/{id}/comment/{commentId}', {
        params: { path: { id: commented.id, commentId: commented.comments[0]!.id } },
      }),
    'PUT /api/v1/prospects/{id}': () =>
      api.PUT('/api/v1/prospects/{id}', {
        ...path(prospect.id),
        body: { position: 'Directrice des achats' },
      }),
    'PUT /api/v1/prospects/{id}/status': () =>
      api.PUT('/api/v1/prospects/{id}/status', {
        ...path(prospect.id),
        body: { prospecting_status: 'lost' },
      }),
    'POST /api/v1/prospects/{id}/substitute': () =>
      api.POST('/api/v1/prospects/{id}/substitute', {
        ...path(prospect.id),
        body: { first_name: 'Anaïs', last_name: 'Girard', reason: 'A quitté l’entreprise.' },
      }),
    'GET /api/v2/prospects/{id}': () => api.GET('/api/v2/prospects/{id}', path(prospect.id)),
    'GET /api/v2/campaigns/{id}': () => api.GET('/api/v2/campaigns/{id}', path(active.id)),
    'GET /api/v1/campaigns/{id}/prospects/export': () =>
      api.GET('/api/v1/campaigns/{id}/prospects/export', { ...path(active.id), parseAs: 'blob' }),
    'GET /api/v1/campaigns/{id}/sync': () =>
      api.GET('/api/v1/campaigns/{id}/sync', path(active.id)),
    'GET /api/v1/users/{id}/campaigns': () => api.GET('/api/v1/users/{id}/campaigns', path(2)),
    'GET /api/v1/users/{id}/campaign-drafts': () =>
      api.GET('/api/v1/users/{id}/campaign-drafts', path(2)),
    'POST /api/v1/users/{id}/campaign-drafts': () =>
      api.POST('/api/v1/users/{id}/campaign-drafts', { ...path(2), body: { name: 'Hiver' } }),
    'GET /api/v1/campaigns/{id}/definition': () =>
      api.GET('/api/v1/campaigns/{id}/definition', path(active.id)),
    'PUT /api/v1/campaigns/{id}/definition': async () => {
      const def = (await api.GET('/api/v1/campaigns/{id}/definition', path(active.id))).data!;
      return api.PUT('/api/v1/campaigns/{id}/definition', {
        ...path(active.id),
        body: {
          settings: def.settings,
          brief: def.brief,
          steps: def.steps.map(({ position: _position, ...step }) => step),
          landing_pages: def.landing_pages,
        },
      });
    },
    'GET /api/v1/campaigns/{id}/review': () =>
      api.GET('/api/v1/campaigns/{id}/review', path(active.id)),
    'GET /api/v1/campaigns/{id}/sample-prospects': () =>
      api.GET('/api/v1/campaigns/{id}/sample-prospects', {
        params: { path: { id: active.id }, query: { limit: 3 } },
      }),
    'POST /api/v1/campaigns/{id}/lifecycle': () =>
      api.POST('/api/v1/campaigns/{id}/lifecycle', {
        ...path(active.id),
        body: { action: 'pause' },
      }),
    'DELETE /api/v1/campaigns/{id}': () => api.DELETE('/api/v1/campaigns/{id}', path(active.id)),
    'GET /api/v1/campaigns/{id}/sequence': () =>
      api.GET('/api/v1/campaigns/{id}/sequence', path(active.id)),
    'GET /api/v1/users/{id}/dashboard': () => api.GET('/api/v1/users/{id}/dashboard', path(2)),
    'GET /api/v1/users/{id}/dashboard/export': () =>
      api.GET('/api/v1/users/{id}/dashboard/export', { ...path(2), parseAs: 'blob' }),
    'POST /api/v1/users/{id}/dashboard/nurture-prospects': () =>
      api.POST('/api/v1/users/{id}/dashboard/nurture-prospects', path(2)),
    'POST /api/v1/users/{id}/dashboard/clean-nurture': () =>
      api.POST('/api/v1/users/{id}/dashboard/clean-nurture', path(2)),
    'GET /api/v1/users/{id}/inbox-messages': () =>
      api.GET('/api/v1/users/{id}/inbox-messages', path(2)),
    'POST /api/v1/users/{id}/inbox-messages/{messageId}/read': () =>
      api.POST('/api/v1/users/{id}/inbox-messages/{messageId}/read', {
        params: {
          path: { id: 2, messageId: state.customer.unread_messages_since![0]!.message_id },
        },
      }),
    'GET /api/v1/users/{id}/onboarding': () => api.GET('/api/v1/users/{id}/onboarding', path(2)),
    'POST /api/v1/users/{id}/onboarding': () =>
      api.POST('/api/v1/users/{id}/onboarding', {
        ...path(2),
        body: { brief: makeCampaignBrief(), audience: makeAudience() },
      }),
    'POST /api/v1/users/{id}/onboarding/files': () => {
      const form = new FormData();
      form.append('files', new File(['%PDF-1.7'], 'presentation.pdf', { type: 'application/pdf' }));
      return api.POST('/api/v1/users/{id}/onboarding/files', {
        ...path(2),
        body: { files: ['presentation.pdf'] },
        bodySerializer: () => form,
      });
    },
    'GET /api/v2/integrations/email': () => api.GET('/api/v2/integrations/email'),
    'GET /api/v2/integrations/email/{provider}/authorize': () =>
      api.GET('/api/v2/integrations/email/{provider}/authorize', {
        params: { path: { provider: 'google' }, query: { account: 1, key: 'unknown' } },
      }),
    'GET /api/v2/integrations/email/{provider}/callback': () =>
      api.GET('/api/v2/integrations/email/{provider}/callback', {
        params: { path: { provider: 'google' }, query: { state: 'unknown' } },
      }),
    'POST /api/v2/integrations/email/smtp': () =>
      api.POST('/api/v2/integrations/email/smtp', {
        body: {
          email: 'ventes@example.com',
          password: 'secret',
          smtp_host: 'mail.infomaniak.com',
          smtp_port: 465,
          smtp_secure: 'ssl',
          imap_host: 'mail.infomaniak.com',
          imap_port: 993,
          imap_secure: 'ssl',
          provider: 'infomaniak',
        },
      }),
    'POST /api/v2/integrations/email/{provider}': () =>
      api.POST('/api/v2/integrations/email/{provider}', {
        params: { path: { provider: 'google' } },
      }),
    'GET /api/v2/integrations/linkedin': () => api.GET('/api/v2/integrations/linkedin'),
    'POST /api/v2/integrations/linkedin/connection': () =>
      api.POST('/api/v2/integrations/linkedin/connection', {
        body: {
          linkedin_account_id: state.linkedinAccounts[1]!.id,
          linkedin_cookie: 'AQEDAR-cookie',
        },
      }),
    'GET /api/users/user': () => users.GET('/api/users/user'),
    'GET /api/users/list': () =>
      users.GET('/api/users/list', { params: { query: { search: 'lef' } } }),
    'GET /api/users/{id}/profile': () => users.GET('/api/users/{id}/profile', path(3)),
    'GET /api/users/{id}/last-comments': () => users.GET('/api/users/{id}/last-comments', path(2)),
    'POST /api/user/reset-password': () =>
      users.POST('/api/user/reset-password', { body: { email: 'a@example.com' } }),
    'POST /api/user/reset-code/check': () =>
      users.POST('/api/user/reset-code/check', { body: { code: 'reset-code-1' } }),
    'POST /api/user/reset-change-password': () =>
      users.POST('/api/user/reset-change-password', {
        body: {
          code: 'reset-code-1',
          new_password: 'un-long-mot',
          confirm_new_password: 'un-long-mot',
        },
      }),
    'POST /api/users/user/change-password': () =>
      users.POST('/api/users/user/change-password', {
        body: { current_password: 'prospecta-demo', new_password: 'x', confirm_new_password: 'y' },
      }),
    'GET /api/health': () => api.GET('/api/health'),
    'GET /api/dev/outbox': () => api.GET('/api/dev/outbox'),
    'POST /api/dev/inbox-answers': () =>
      api.POST('/api/dev/inbox-answers', {
        body: { email: state.customer.email, content: 'Can we talk on Monday?' },
      }),
  };
}

describe('scenario handlers', () => {
  it('answer every operation of the contract with a valid answer', async () => {
    const { clients, state } = setup();
    const table = calls(clients, state);
    const operations = contractOperations().map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(Object.keys(table).sort()).toEqual([...operations].sort());
    for (const operation of operations) {
      const [method, path] = operation.split(' ') as [string, string];
      const result = await table[operation]!();
      const status = result.response.status;
      if (result.response.headers.get('Content-Type')?.includes('spreadsheetml')) {
        expect(status, operation).toBe(200);
        expect(result.data).toBeInstanceOf(Blob);
        continue;
      }
      const body = result.response.ok ? result.data : result.error;
      expect(
        () => assertMatchesResponse(path, method.toLowerCase(), status, body),
        operation,
      ).not.toThrow();
    }
  });

  it('adds a development answer: newest and unread in the inbox, counted on the profile', async () => {
    const { clients, state } = setup();
    const id = state.customer.id;
    const inbox = async () =>
      (await clients.api.GET('/api/v1/users/{id}/inbox-messages', { params: { path: { id } } }))
        .data!;
    const before = await inbox();
    const added = await clients.api.POST('/api/dev/inbox-answers', {
      body: { email: state.customer.email, content: 'Appelez-moi lundi.' },
    });
    expect(added.response.status).toBe(201);
    const after = await inbox();
    expect(after.items).toHaveLength(before.items.length + 1);
    expect(after.items[0]).toMatchObject({
      id: added.data!.message_id,
      content: 'Appelez-moi lundi.',
      is_read: false,
    });
    expect(after.unread_count).toBe(before.unread_count + 1);
    const me = (await clients.users.GET('/api/users/user')).data!;
    expect(me.unread_messages_count).toBe(after.unread_count);
  });

  it('leaves the unread answers out of the profile unless asked with include=unread_messages, like the server', async () => {
    const { clients, state } = setup();
    const plain = (await clients.users.GET('/api/users/user')).data!;
    expect(plain).not.toHaveProperty('unread_messages_since');
    expect(plain.unread_messages_count).toBeGreaterThan(0);
    const withList = (
      await clients.users.GET('/api/users/user', {
        params: { query: { include: 'unread_messages' } },
      })
    ).data!;
    expect(withList.unread_messages_since).toHaveLength(plain.unread_messages_count);
    const profile = (
      await clients.users.GET('/api/users/{id}/profile', {
        params: { path: { id: state.customer.id }, query: { include: 'unread_messages' } },
      })
    ).data!;
    expect(profile.unread_messages_since).toEqual(withList.unread_messages_since);
  });

  it('applies the injected transition rule: a refused status change answers 409', async () => {
    const { clients, state } = setup({
      canUserSet: (from, to) => !(from === 'converted' && to === 'nurture'),
    });
    const converted = state.prospects.find((p) => p.prospecting_status === 'converted')!;
    const result = await clients.api.PUT('/api/v1/prospects/{id}/status', {
      params: { path: { id: converted.id } },
      body: { prospecting_status: 'nurture' },
    });
    expect(result.response.status).toBe(409);
    assertMatchesResponse('/api/v1/prospects/{id}/status', 'put', 409, result.error);
  });

  it('removes a prospect from the inbox once it is converted, and lists it as converted on the dashboard', async () => {
    const { clients } = setup();
    const before = await clients.api.GET('/api/v1/users/{id}/inbox-messages', {
      params: { path: { id: 2 } },
    });
    const item = before.data!.items[0]!;
    const converted = await clients.api.PUT('/api/v1/prospects/{id}/status', {
      params: { path: { id: item.prospect.id } },
      body: { prospecting_status: 'converted' },
    });
    expect(converted.data?.history[0]).toMatchObject({ type: 'status_change', to: 'converted' });
    const after = await clients.api.GET('/api/v1/users/{id}/inbox-messages', {
      params: { path: { id: 2 } },
    });
    expect(after.data!.items.map((i) => i.prospect.id)).not.toContain(item.prospect.id);
    expect(after.data!.to_handle_count).toBe(before.data!.to_handle_count - 1);
    const dashboard = await clients.api.GET('/api/v1/users/{id}/dashboard', {
      params: { path: { id: 2 } },
    });
    expect(
      dashboard.data!.prospects.find((p) => p.id === item.prospect.id)?.prospecting_status,
    ).toBe('converted');
  });

  it('answers the e-mail integration errors and the oauth_not_available code', async () => {
    const { clients } = setup();
    const oauth = await clients.api.POST('/api/v2/integrations/email/{provider}', {
      params: { path: { provider: 'microsoft' } },
    });
    expect(oauth.response.status).toBe(501);
    expect(oauth.error).toMatchObject({ message: { state_message: 'oauth_not_available' } });
    const comment = await clients.api.POST('/api/v1/prospects/{id}/comment', {
      params: { path: { id: 1001 } },
      body: { content: '   ', activity: '' },
    });
    expect(comment.response.status).toBe(422);
    expect(comment.error).toEqual({ detail: 'Either content or activity must be provided' });
  });

  it('signs in with the demo password and refuses a wrong one with an ApiError 401', async () => {
    const { clients } = setup();
    const session = await requestSignIn(clients, {
      email: 'staff@example.com',
      password: 'prospecta-demo',
    });
    expect(session.user.is_staff).toBe(true);
    expect(session.access).toMatch(/^access-token-/);
    await expect(
      requestSignIn(clients, { email: 'staff@example.com', password: 'not-the-password' }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 401, message: 'Invalid credentials.' });
  });

  it('refuses an onboarding file above 15 MB with 413 and another type with 415', async () => {
    const { clients } = setup();
    const big = new File([new Uint8Array(15 * 1024 * 1024 + 1)], 'huge.pdf', {
      type: 'application/pdf',
    });
    await expect(uploadOnboardingFile(clients, { userId: 2, file: big })).rejects.toMatchObject({
      name: 'ApiError',
      status: 413,
    });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    await expect(uploadOnboardingFile(clients, { userId: 2, file: exe })).rejects.toMatchObject({
      status: 415,
    });
    const ok = await uploadOnboardingFile(clients, {
      userId: 2,
      file: new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }),
    });
    expect(ok).toMatchObject({ name: 'a.pdf', content_type: 'application/pdf' });
  });
});

describe('campaign builder handlers', () => {
  it('create a draft with the draft sequence, refuse its launch without prospects, then delete it', async () => {
    const { clients } = setup();
    const created = await clients.api.POST('/api/v1/users/{id}/campaign-drafts', {
      params: { path: { id: 2 } },
      body: { name: 'Hiver', language: 'en' },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    expect(created.data!.steps.map((s) => s.type)).toEqual([
      'email',
      'linkedin_invitation',
      'email',
      'email',
    ]);
    const drafts = await clients.api.GET('/api/v1/users/{id}/campaign-drafts', {
      params: { path: { id: 2 } },
    });
    expect(drafts.data!.drafts.map((d) => d.id)).toContain(id);
    const launch = await clients.api.POST('/api/v1/campaigns/{id}/lifecycle', {
      params: { path: { id } },
      body: { action: 'launch' },
    });
    expect(launch.response.status).toBe(422);
    expect(launch.error).toMatchObject({ code: 'campaign_has_problems' });
    const removed = await clients.api.DELETE('/api/v1/campaigns/{id}', {
      params: { path: { id } },
    });
    expect(removed.response.status).toBe(204);
  });
});

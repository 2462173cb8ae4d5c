import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let other: string;
let staff: string;
const ids = { claire: 0, thomas: 0, olivia: 0, harry: 0, james: 0 };

async function prospectId(first: string, last: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('prospects')
    .select('id')
    .where('first_name', '=', first)
    .where('last_name', '=', last)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
  ids.claire = await prospectId('Claire', 'Dubois');
  ids.thomas = await prospectId('Thomas', 'Bernard');
  ids.olivia = await prospectId('Olivia', 'Smith');
  ids.james = await prospectId('James', 'Taylor');
  ids.harry = await prospectId('Harry', 'Wilson');
});
afterAll(async () => t?.close());

describe('GET /api/v2/prospects/{id}', () => {
  it('answers the full prospect with history and comments, newest first', async () => {
    const res = await t.call('GET', `/api/v2/prospects/${ids.claire}`, { token: customer });
    expectContract('getProspect', res, 200);
    const p = res.json();
    expect(p).toMatchObject({
      first_name: 'Claire',
      last_name: 'Dubois',
      prospecting_status: 'to_call',
      has_responses: true,
      campaign_name: 'Lancement SaaS RH — Île-de-France',
    });
    expect(p.tags.map((tag: { label: string }) => tag.label)).toEqual(['Chaud', 'Décideur']);
    const dates = p.history.map((h: { event_date: string }) => h.event_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(p.last_comment?.content).toBe(p.comments[0]?.content);
    // Events carry a code and values for the app to write in the user's language.
    const events = p.history.filter((h: { type: string }) => h.type === 'event');
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((h: { event: unknown }) => h.event !== null)).toBe(true);
    expect(events).toContainEqual(
      expect.objectContaining({
        event: {
          code: 'added_to_campaign',
          step: null,
          campaign: 'Lancement SaaS RH — Île-de-France',
        },
      }),
    );
    expect(
      events
        .filter((h: { event: { code: string } }) => h.event.code === 'email_opened')
        .every((h: { event: { step: number } }) => h.event.step === 1),
    ).toBe(true);
    // Messages carry no event; the seeded outbound e-mail is a message in the prospect's language, not a description.
    expect(
      p.history
        .filter((h: { type: string }) => h.type === 'email')
        .every((h: { event: unknown }) => h.event === null),
    ).toBe(true);
  });

  it('lets staff read any prospect, hides other customers’ prospects (404) and unknown ids', async () => {
    expectContract(
      'getProspect',
      await t.call('GET', `/api/v2/prospects/${ids.harry}`, { token: staff }),
      200,
    );
    expectContract(
      'getProspect',
      await t.call('GET', `/api/v2/prospects/${ids.harry}`, { token: customer }),
      404,
    );
    expectContract(
      'getProspect',
      await t.call('GET', `/api/v2/prospects/${ids.claire}`, { token: other }),
      404,
    );
    expectContract(
      'getProspect',
      await t.call('GET', '/api/v2/prospects/999999', { token: customer }),
      404,
    );
    // getProspect declares no 400: a malformed id names no prospect.
    expectContract(
      'getProspect',
      await t.call('GET', '/api/v2/prospects/abc', { token: customer }),
      404,
    );
    expectContract(
      'getProspect',
      await t.call('GET', '/api/v2/prospects/0', { token: customer }),
      404,
    );
  });
});

describe('tags', () => {
  it('lists the tags of the signed-in user, or of another user for staff only', async () => {
    const mine = await t.call('GET', '/api/v1/prospects/tags', { token: customer });
    expectContract('listTags', mine, 200);
    expect(mine.json().tags.map((x: { label: string }) => x.label)).toEqual([
      'Chaud',
      'Décideur',
      'Relance',
      'Salon VivaTech',
      'VIP',
    ]);
    const forStaff = await t.call(
      'GET',
      `/api/v1/prospects/tags?user_id=${t.facts.otherCustomerId}`,
      { token: staff },
    );
    expectContract('listTags', forStaff, 200);
    expect(forStaff.json().tags.map((x: { label: string }) => x.label)).toContain('Hot lead');
    expectContract(
      'listTags',
      await t.call('GET', `/api/v1/prospects/tags?user_id=${t.facts.otherCustomerId}`, {
        token: customer,
      }),
      403,
    );
    expectContract(
      'listTags',
      await t.call('GET', '/api/v1/prospects/tags?user_id=999999', { token: staff }),
      400,
    );
    expectContract(
      'listTags',
      await t.call('GET', '/api/v1/prospects/tags?user_id=zero', { token: staff }),
      400,
    );
    expectContract(
      'listTags',
      await t.call('GET', '/api/v1/prospects/tags?color=red', { token: staff }),
      400,
    );
  });

  it('attaches by label (reusing a tag case-insensitively, creating a new one), detaches and deletes', async () => {
    const reuse = await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/attach`, {
      token: customer,
      body: { label: '  chaud ' },
    });
    expectContract('attachTag', reuse, 200);
    expect(reuse.json().label).toBe('Chaud');
    const created = await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/attach`, {
      token: customer,
      body: { label: 'Salon Big Data' },
    });
    expectContract('attachTag', created, 200);
    const tagId = created.json().id as number;
    const again = await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/attach`, {
      token: customer,
      body: { label: 'salon big data' },
    });
    expect(again.json().id).toBe(tagId);
    let p = (await t.call('GET', `/api/v2/prospects/${ids.thomas}`, { token: customer })).json();
    expect(p.tags.map((x: { label: string }) => x.label)).toEqual(['Chaud', 'Salon Big Data']);

    expectContract(
      'detachTag',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/detach`, {
        token: customer,
        body: { tag_id: tagId },
      }),
      204,
    );
    expectContract(
      'detachTag',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/detach`, {
        token: customer,
        body: { tag_id: tagId },
      }),
      204,
    );
    p = (await t.call('GET', `/api/v2/prospects/${ids.thomas}`, { token: customer })).json();
    expect(p.tags.map((x: { label: string }) => x.label)).toEqual(['Chaud']);

    expectContract(
      'deleteTag',
      await t.call('DELETE', `/api/v1/prospects/tags/${tagId}`, { token: other }),
      404,
    );
    expectContract(
      'deleteTag',
      await t.call('DELETE', `/api/v1/prospects/tags/${tagId}`, { token: customer }),
      204,
    );
    expectContract(
      'deleteTag',
      await t.call('DELETE', `/api/v1/prospects/tags/${tagId}`, { token: customer }),
      404,
    );
  });

  it('creates one tag when the same new label is attached concurrently', async () => {
    const results = await Promise.all(
      [ids.thomas, ids.claire, ids.thomas, ids.james].map((id) =>
        t.call('POST', `/api/v1/prospects/${id}/tags/attach`, {
          token: customer,
          body: { label: 'Concurrent Label' },
        }),
      ),
    );
    for (const res of results) expectContract('attachTag', res, 200);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
  });

  it('rejects bad tag input and other customers’ prospects', async () => {
    expectContract(
      'attachTag',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/attach`, {
        token: customer,
        body: { label: '   ' },
      }),
      422,
    );
    expectContract(
      'attachTag',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/attach`, {
        token: customer,
        body: { label: '' },
      }),
      400,
    );
    expectContract(
      'attachTag',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/attach`, {
        token: customer,
        body: { label: 'x', color: 'red' },
      }),
      400,
    );
    expectContract(
      'attachTag',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/attach`, {
        token: other,
        body: { label: 'Spy' },
      }),
      404,
    );
    expectContract(
      'attachTag',
      await t.call('POST', '/api/v1/prospects/999999/tags/attach', {
        token: customer,
        body: { label: 'x' },
      }),
      404,
    );
    expectContract(
      'detachTag',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/detach`, {
        token: customer,
        body: { tag_id: 'one' },
      }),
      400,
    );
    expectContract(
      'detachTag',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/tags/detach`, {
        token: other,
        body: { tag_id: 1 },
      }),
      404,
    );
    expectContract(
      'detachTag',
      await t.call('POST', '/api/v1/prospects/999999/tags/detach', {
        token: customer,
        body: { tag_id: 1 },
      }),
      404,
    );
    expectContract(
      'deleteTag',
      await t.call('DELETE', '/api/v1/prospects/tags/999999', { token: staff }),
      404,
    );
  });
});

describe('comments', () => {
  it('creates a comment with content or activity only, and deletes it', async () => {
    const res = await t.call('POST', `/api/v1/prospects/${ids.thomas}/comment`, {
      token: customer,
      body: { content: '  Rappeler lundi.  ', activity: 'NOT_REACHED' },
    });
    expectContract('createComment', res, 201);
    expect(res.json()).toMatchObject({
      content: 'Rappeler lundi.',
      activity: 'NOT_REACHED',
      author: { full_name: 'Julien Moreau' },
    });
    const activityOnly = await t.call('POST', `/api/v1/prospects/${ids.thomas}/comment`, {
      token: staff,
      body: { activity: 'REACHED', content: '' },
    });
    expectContract('createComment', activityOnly, 201);
    const p = (await t.call('GET', `/api/v2/prospects/${ids.thomas}`, { token: customer })).json();
    expect(p.last_comment).toMatchObject({ activity: 'REACHED', content: '' });

    const commentId = res.json().id as number;
    expectContract(
      'deleteComment',
      await t.call('DELETE', `/api/v1/prospects/${ids.thomas}/comment/${commentId}`, {
        token: other,
      }),
      404,
    );
    expectContract(
      'deleteComment',
      await t.call('DELETE', `/api/v1/prospects/${ids.claire}/comment/${commentId}`, {
        token: customer,
      }),
      404,
    );
    expectContract(
      'deleteComment',
      await t.call('DELETE', `/api/v1/prospects/${ids.thomas}/comment/${commentId}`, {
        token: customer,
      }),
      204,
    );
    expectContract(
      'deleteComment',
      await t.call('DELETE', `/api/v1/prospects/${ids.thomas}/comment/${commentId}`, {
        token: customer,
      }),
      404,
    );
  });

  it('needs content or an activity', async () => {
    const empty = await t.call('POST', `/api/v1/prospects/${ids.thomas}/comment`, {
      token: customer,
      body: { content: '   ', activity: '' },
    });
    expectContract('createComment', empty, 422);
    expect(empty.json().detail).toBe('Either content or activity must be provided');
    expectContract(
      'createComment',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/comment`, {
        token: customer,
        body: {},
      }),
      422,
    );
    expectContract(
      'createComment',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/comment`, {
        token: customer,
        body: { activity: 'DANCING' },
      }),
      400,
    );
    expectContract(
      'createComment',
      await t.call('POST', `/api/v1/prospects/${ids.thomas}/comment`, {
        token: other,
        body: { content: 'x' },
      }),
      404,
    );
    expectContract(
      'createComment',
      await t.call('POST', '/api/v1/prospects/999999/comment', {
        token: customer,
        body: { content: 'x' },
      }),
      404,
    );
    expectContract(
      'deleteComment',
      await t.call('DELETE', '/api/v1/prospects/999999/comment/1', { token: customer }),
      404,
    );
  });
});

describe('PUT /api/v1/prospects/{id}', () => {
  it('updates contact fields partially and answers the full prospect', async () => {
    const res = await t.call('PUT', `/api/v1/prospects/${ids.thomas}`, {
      token: customer,
      body: {
        position: 'Président',
        phone: '',
        company: { website: 'https://www.girard.example' },
      },
    });
    expectContract('updateProspect', res, 200);
    expect(res.json()).toMatchObject({
      position: 'Président',
      phone: null,
      company: { name: 'Transports Girard & Fils', website: 'https://www.girard.example' },
    });
  });
  it('rejects empty, unknown or foreign updates', async () => {
    expectContract(
      'updateProspect',
      await t.call('PUT', `/api/v1/prospects/${ids.thomas}`, { token: customer, body: {} }),
      400,
    );
    expectContract(
      'updateProspect',
      await t.call('PUT', `/api/v1/prospects/${ids.thomas}`, {
        token: customer,
        body: { prospecting_status: 'converted' },
      }),
      400,
    );
    expectContract(
      'updateProspect',
      await t.call('PUT', `/api/v1/prospects/${ids.thomas}`, {
        token: customer,
        body: { title: 'doctor' },
      }),
      400,
    );
    expectContract(
      'updateProspect',
      await t.call('PUT', `/api/v1/prospects/${ids.thomas}`, {
        token: other,
        body: { position: 'x' },
      }),
      404,
    );
    expectContract(
      'updateProspect',
      await t.call('PUT', '/api/v1/prospects/999999', { token: customer, body: { position: 'x' } }),
      404,
    );
  });
  it('validates each field by the contract’s formats and names the field with a code', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'bad' }, 'email', 'invalid_format'],
      [{ email: 'claire@' }, 'email', 'invalid_format'],
      [{ linkedin: 'linkedin.com/in/thomas' }, 'linkedin', 'invalid_format'],
      [{ linkedin: 'javascript:alert(1)' }, 'linkedin', 'invalid_format'],
      [{ company: { website: 'ftp://girard.example' } }, 'company.website', 'invalid_format'],
      [{ first_name: '' }, 'first_name', 'too_short'],
      [{ phone: 'x'.repeat(65) }, 'phone', 'too_long'],
      [{ title: 'doctor' }, 'title', 'not_allowed'],
      [{ nickname: 'Tom' }, 'nickname', 'unknown_field'],
      [{ email: 42 }, 'email', 'invalid_type'],
    ];
    for (const [body, field, code] of cases) {
      const res = await t.call('PUT', `/api/v1/prospects/${ids.thomas}`, { token: customer, body });
      expectContract('updateProspect', res, 400);
      expect(res.json().field_errors, JSON.stringify(body)).toEqual([{ field, code }]);
    }
    const stored = await t.database.db
      .selectFrom('prospects')
      .select(['email', 'linkedin'])
      .where('id', '=', ids.thomas)
      .executeTakeFirstOrThrow();
    expect(stored.email).not.toBe('bad');
    const ok = await t.call('PUT', `/api/v1/prospects/${ids.thomas}`, {
      token: customer,
      body: {
        email: 'thomas.bernard@girard.example',
        linkedin: 'https://www.linkedin.com/in/thomas-bernard',
      },
    });
    expectContract('updateProspect', ok, 200);
    expect(ok.json()).toMatchObject({
      email: 'thomas.bernard@girard.example',
      linkedin: 'https://www.linkedin.com/in/thomas-bernard',
    });
    const cleared = await t.call('PUT', `/api/v1/prospects/${ids.thomas}`, {
      token: customer,
      body: { email: null },
    });
    expectContract('updateProspect', cleared, 200);
    expect(cleared.json().email).toBeNull();
  });
  it('validates the new contact of a substitution the same way', async () => {
    const res = await t.call('POST', `/api/v1/prospects/${ids.thomas}/substitute`, {
      token: customer,
      body: {
        first_name: 'Anne',
        last_name: 'Roux',
        email: 'anne.roux',
        reason: 'Left the company',
      },
    });
    expectContract('substituteProspect', res, 400);
    expect(res.json().field_errors).toEqual([{ field: 'email', code: 'invalid_format' }]);
  });
});

describe('PUT /api/v1/prospects/{id}/status', () => {
  it('applies the shared transition rules and records the change in history', async () => {
    const res = await t.call('PUT', `/api/v1/prospects/${ids.claire}/status`, {
      token: customer,
      body: { prospecting_status: 'converted' },
    });
    expectContract('setProspectStatus', res, 200);
    const p = res.json();
    expect(p.prospecting_status).toBe('converted');
    expect(p.history[0]).toMatchObject({ type: 'status_change', from: 'to_call', to: 'converted' });

    // converted → nurture is refused (a won opportunity must be lost first).
    const refused = await t.call('PUT', `/api/v1/prospects/${ids.claire}/status`, {
      token: customer,
      body: { prospecting_status: 'nurture' },
    });
    expectContract('setProspectStatus', refused, 409);
    const same = await t.call('PUT', `/api/v1/prospects/${ids.claire}/status`, {
      token: customer,
      body: { prospecting_status: 'converted' },
    });
    expectContract('setProspectStatus', same, 409);
    expectContract(
      'setProspectStatus',
      await t.call('PUT', `/api/v1/prospects/${ids.claire}/status`, {
        token: customer,
        body: { prospecting_status: 'lost' },
      }),
      200,
    );
  });
  it('refuses statuses a user may not set, foreign and unknown prospects', async () => {
    expectContract(
      'setProspectStatus',
      await t.call('PUT', `/api/v1/prospects/${ids.james}/status`, {
        token: customer,
        body: { prospecting_status: 'nurtured' },
      }),
      400,
    );
    expectContract(
      'setProspectStatus',
      await t.call('PUT', `/api/v1/prospects/${ids.james}/status`, {
        token: customer,
        body: { prospecting_status: 'ongoing' },
      }),
      400,
    );
    expectContract(
      'setProspectStatus',
      await t.call('PUT', `/api/v1/prospects/${ids.james}/status`, {
        token: other,
        body: { prospecting_status: 'lost' },
      }),
      404,
    );
    expectContract(
      'setProspectStatus',
      await t.call('PUT', '/api/v1/prospects/999999/status', {
        token: customer,
        body: { prospecting_status: 'lost' },
      }),
      404,
    );
  });
});

describe('POST /api/v1/prospects/{id}/substitute', () => {
  it('creates the replacement and keeps the replaced contact, lost, with a note', async () => {
    const res = await t.call('POST', `/api/v1/prospects/${ids.olivia}/substitute`, {
      token: customer,
      body: {
        title: 'miss',
        first_name: 'Grace',
        last_name: 'Hughes',
        position: 'Head of Partnerships',
        email: 'grace.hughes@kestrelpayments.com',
        reason: 'Olivia left the company.',
      },
    });
    expectContract('substituteProspect', res, 201);
    const created = res.json();
    expect(created).toMatchObject({
      first_name: 'Grace',
      prospecting_status: 'pending',
      company: { name: 'Kestrel Payments' },
      campaign_name: 'UK Fintech Outreach Q3',
    });
    expect(created.history[0]).toMatchObject({ type: 'note' });
    const old = (
      await t.call('GET', `/api/v2/prospects/${ids.olivia}`, { token: customer })
    ).json();
    expect(old).toMatchObject({
      first_name: 'Olivia',
      email: 'olivia.smith@kestrelpayments.com',
      prospecting_status: 'lost',
    });
    const note = old.history.find((h: { type: string }) => h.type === 'note');
    expect(note.content).toMatch(/Olivia left the company/);
    expect(note.content).toMatch(/Olivia Smith/);
    expect(
      old.history.some(
        (h: { type: string; from?: string; to?: string }) =>
          h.type === 'status_change' && h.from === 'converted' && h.to === 'lost',
      ),
    ).toBe(true);
  });
  it('needs a reason and the new names', async () => {
    expectContract(
      'substituteProspect',
      await t.call('POST', `/api/v1/prospects/${ids.james}/substitute`, {
        token: customer,
        body: { first_name: 'A', last_name: 'B', reason: '   ' },
      }),
      422,
    );
    expectContract(
      'substituteProspect',
      await t.call('POST', `/api/v1/prospects/${ids.james}/substitute`, {
        token: customer,
        body: { first_name: 'A', last_name: 'B' },
      }),
      400,
    );
    expectContract(
      'substituteProspect',
      await t.call('POST', `/api/v1/prospects/${ids.james}/substitute`, {
        token: other,
        body: { first_name: 'A', last_name: 'B', reason: 'r' },
      }),
      404,
    );
    expectContract(
      'substituteProspect',
      await t.call('POST', '/api/v1/prospects/999999/substitute', {
        token: customer,
        body: { first_name: 'A', last_name: 'B', reason: 'r' },
      }),
      404,
    );
  });
});

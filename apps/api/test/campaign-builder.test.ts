import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDefinition, CampaignDefinitionUpdate } from '@prospecta/domain/contract';
import { expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let other: string;
let staff: string;

beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
});
afterAll(async () => t?.close());

const drafts = (userId: number) => `/api/v1/users/${userId}/campaign-drafts`;

async function createDraft(name = 'Winter outreach', language: 'fr' | 'en' = 'en') {
  const res = await t.call('POST', drafts(t.facts.customerId), {
    token: staff,
    body: { name, language },
  });
  expectContract('createCampaignDraft', res, 201);
  return res.json() as CampaignDefinition;
}

/** The definition as the builder sends it back (steps keep their ids). */
function update(def: CampaignDefinition): CampaignDefinitionUpdate {
  return {
    settings: def.settings,
    brief: def.brief,
    steps: def.steps.map(({ position: _position, ...step }) => step),
    landing_pages: def.landing_pages,
  };
}

async function addProspects(
  campaignId: number,
  people: { first_name: string; company_name: string }[],
) {
  await t.database.db
    .insertInto('prospects')
    .values(
      people.map((p, i) => ({
        campaign_id: campaignId,
        user_id: t.facts.customerId,
        title: 'undefined',
        first_name: p.first_name,
        last_name: `Person ${i}`,
        email: `person${i}@example.com`,
        company_name: p.company_name,
        position: 'CEO',
        prospecting_status: 'pending',
      })),
    )
    .execute();
}

describe('campaign drafts', () => {
  it('starts a draft with the defaults, the valid mailboxes, the onboarding brief and the draft sequence', async () => {
    const def = await createDraft();
    expect(def.status).toBe('draft');
    expect(def.is_editable).toBe(true);
    expect(def.settings).toMatchObject({
      name: 'Winter outreach',
      language: 'en',
      time_zone: 'Europe/Zurich',
      sending_days: [1, 2, 3, 4, 5],
      sending_start: '09:00',
      sending_end: '17:00',
      daily_cap: 50,
      stop_on_reply: true,
      start_date: null,
      track_opens: true,
      track_clicks: true,
      spacing_min_seconds: 60,
      spacing_max_seconds: 180,
    });
    const valid = def.mailboxes.filter((m) => m.unavailable_reason === null).map((m) => m.id);
    expect(valid.length).toBeGreaterThan(0);
    expect(def.settings.mailbox_ids).toEqual(valid);
    expect(def.steps.map((s) => [s.position, s.type, s.draft_template])).toEqual([
      [1, 'email', true],
      [2, 'linkedin_invitation', true],
      [3, 'email', true],
      [4, 'email', true],
    ]);
    // No prospect yet: the only blocking problem is the empty audience.
    expect(def.problems.filter((p) => p.severity === 'blocking').map((p) => p.code)).toEqual([
      'no_audience',
    ]);
  });

  it('pre-fills the brief from the customer’s onboarding questionnaire', async () => {
    await t.database.db
      .insertInto('onboarding_submissions')
      .values({
        user_id: t.facts.otherCustomerId,
        submitted_by: t.facts.staffId,
        data: JSON.stringify({
          brief: {
            nameOfCampaignType: 'Audit express',
            campaignType: 'service',
            description: 'Un audit en 48 heures.',
            pricingModel: 'Forfait',
            mainFeatures: [
              { value: 'Rapport' },
              { value: 'Plan' },
              { value: 'Suivi' },
              { value: 'Atelier' },
            ],
            dedicatedWebsite: '',
            salesPresentation: [],
            additionalInformation: '',
          },
          audience: {
            bestClientsDescription: 'PME',
            targetIndustries: 'Industrie',
            excludeIndustries: 'Banques',
            geographicArea: 'Suisse romande',
            companySizes: {
              freelancer: false,
              '1-10': false,
              '11-50': true,
              '51-200': false,
              '201-500': false,
              '501-1000': false,
              '1000+': false,
              allCompanies: false,
            },
            typesOfPeople: 'Dirigeants',
            providedWebsites: [{ value: 'a' }, { value: 'b' }, { value: 'c' }],
            additionalInformationAudience: '',
          },
        }),
      })
      .execute();
    const res = await t.call('POST', drafts(t.facts.otherCustomerId), {
      token: staff,
      body: { name: 'Audit' },
    });
    expectContract('createCampaignDraft', res, 201);
    const def = res.json() as CampaignDefinition;
    expect(def.settings.language).toBe('fr');
    expect(def.brief).toMatchObject({
      offer_name: 'Audit express',
      company_sizes: ['11-50'],
      people: 'Dirigeants',
    });
    expect(def.steps[0]?.body).toContain('Audit express\u00a0: Un audit en 48 heures.');
  });

  it('lists the drafts of a customer, newest change first, and refuses customers', async () => {
    const first = await createDraft('Draft A');
    const second = await createDraft('Draft B');
    const res = await t.call('GET', drafts(t.facts.customerId), { token: staff });
    expectContract('listCampaignDrafts', res, 200);
    const list = res.json().drafts as { id: number; name: string; steps_count: number }[];
    expect(list.slice(0, 2).map((d) => d.id)).toEqual([second.id, first.id]);
    expect(list[0]?.steps_count).toBe(4);
    // Launched campaigns are not drafts.
    expect(list.map((d) => d.name)).not.toContain('Prospection RH — Île-de-France');
    expectContract(
      'listCampaignDrafts',
      await t.call('GET', drafts(t.facts.customerId), { token: customer }),
      403,
    );
    expectContract(
      'createCampaignDraft',
      await t.call('POST', drafts(t.facts.customerId), { token: customer, body: { name: 'x' } }),
      403,
    );
    expectContract(
      'listCampaignDrafts',
      await t.call('GET', drafts(999999), { token: staff }),
      404,
    );
  });
});

describe('campaign definition', () => {
  it('saves settings, brief, steps and landing pages, and names the template problems with counts', async () => {
    const def = await createDraft();
    await addProspects(def.id, [
      { first_name: 'Ada', company_name: 'ACME' },
      { first_name: '', company_name: '' },
      { first_name: ' ', company_name: 'Initech' },
    ]);
    const body = update(def);
    body.settings = { ...body.settings, name: 'Renamed', daily_cap: 30, sending_days: [1, 3] };
    body.brief = { ...body.brief, offer_name: 'Edited' };
    body.landing_pages = [
      {
        key: 'pricing',
        name: 'Prices',
        url: 'https://example.com/prices',
        utm_source: 'prospecta',
        utm_medium: 'email',
        utm_campaign: 'winter',
        utm_content: '',
        utm_term: '',
      },
    ];
    const [first, invitation, ...rest] = body.steps;
    body.steps = [
      {
        ...first!,
        body: 'Hi {{first_name}} from {{company}}, {{link:pricing|prices}} {{nickname}} {{unsubscribe}}',
        draft_template: false,
      },
      ...rest,
      { ...invitation!, id: undefined },
    ].map(({ id, ...step }) => (id === undefined ? step : { id, ...step }));
    const res = await t.call('PUT', `/api/v1/campaigns/${def.id}/definition`, {
      token: staff,
      body,
    });
    expectContract('updateCampaignDefinition', res, 200);
    const saved = res.json() as CampaignDefinition;
    expect(saved.settings).toMatchObject({ name: 'Renamed', daily_cap: 30, sending_days: [1, 3] });
    expect(saved.brief.offer_name).toBe('Edited');
    expect(saved.landing_pages).toEqual(body.landing_pages);
    // The first e-mail kept its id; the invitation moved to the end as a new step.
    expect(saved.steps[0]?.id).toBe(def.steps[0]?.id);
    expect(saved.steps.map((s) => s.type)).toEqual([
      'email',
      'email',
      'email',
      'linkedin_invitation',
    ]);
    expect(saved.steps[3]?.id).not.toBe(def.steps[1]?.id);
    expect(saved.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'unknown_variable', step: 1, variable: 'nickname' }),
        expect.objectContaining({
          code: 'variable_gap',
          step: 1,
          variable: 'first_name',
          count: 2,
        }),
        expect.objectContaining({ code: 'variable_gap', step: 1, variable: 'company', count: 1 }),
      ]),
    );
    expect(saved.problems.map((p) => p.code)).not.toContain('landing_page_unused');
    const again = await t.call('GET', `/api/v1/campaigns/${def.id}/definition`, { token: staff });
    expectContract('getCampaignDefinition', again, 200);
    expect((again.json() as CampaignDefinition).steps).toEqual(saved.steps);
  });

  it('refuses an unknown or invalid sender, duplicate landing pages, and edits of a running campaign', async () => {
    const def = await createDraft();
    const put = (body: CampaignDefinitionUpdate, id = def.id) =>
      t.call('PUT', `/api/v1/campaigns/${id}/definition`, { token: staff, body });
    const otherAccount = await t.database.db
      .insertInto('email_accounts')
      .values({
        user_id: t.facts.otherCustomerId,
        name: 'Other',
        email: 'other@example.com',
        account_type: 'SMTP',
        is_valid: true,
        created_on: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await put({
      ...update(def),
      settings: { ...def.settings, mailbox_ids: [otherAccount.id] },
    });
    expectContract('updateCampaignDefinition', foreign, 409);
    expect(foreign.json().code).toBe('mailbox_not_available');
    const page = {
      key: 'a',
      name: 'A',
      url: 'https://a.example',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_content: '',
      utm_term: '',
    };
    const duplicate = await put({ ...update(def), landing_pages: [page, page] });
    expectContract('updateCampaignDefinition', duplicate, 409);
    expect(duplicate.json().code).toBe('duplicate_landing_page');
    const running = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('user_id', '=', t.facts.customerId)
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    const locked = await put(update(def), running.id);
    expectContract('updateCampaignDefinition', locked, 409);
    expect(locked.json().code).toBe('campaign_not_editable');
  });

  it('saves the tracking switches and the spacing the engine reads, and refuses a spacing upside down', async () => {
    const def = await createDraft();
    const put = (settings: Partial<CampaignDefinition['settings']>) =>
      t.call('PUT', `/api/v1/campaigns/${def.id}/definition`, {
        token: staff,
        body: { ...update(def), settings: { ...def.settings, ...settings } },
      });
    const saved = await put({
      track_opens: false,
      track_clicks: false,
      spacing_min_seconds: 300,
      spacing_max_seconds: 900,
    });
    expectContract('updateCampaignDefinition', saved, 200);
    expect((saved.json() as CampaignDefinition).settings).toMatchObject({
      track_opens: false,
      track_clicks: false,
      spacing_min_seconds: 300,
      spacing_max_seconds: 900,
    });
    // The columns the planner, the deliverer and the mail links read.
    expect(
      await t.database.db
        .selectFrom('campaigns')
        .select(['track_opens', 'track_clicks', 'spacing_min_seconds', 'spacing_max_seconds'])
        .where('id', '=', def.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      track_opens: false,
      track_clicks: false,
      spacing_min_seconds: 300,
      spacing_max_seconds: 900,
    });

    const upsideDown = await put({ spacing_min_seconds: 600, spacing_max_seconds: 60 });
    expectContract('updateCampaignDefinition', upsideDown, 422);
    expect(upsideDown.json().code).toBe('spacing_invalid');
    const tooLong = await put({ spacing_min_seconds: 60, spacing_max_seconds: 3601 });
    expect(tooLong.statusCode).toBe(400);
    const negative = await put({ spacing_min_seconds: -1 });
    expect(negative.statusCode).toBe(400);
    // Nothing refused was kept.
    const kept = await t.call('GET', `/api/v1/campaigns/${def.id}/definition`, { token: staff });
    expect((kept.json() as CampaignDefinition).settings).toMatchObject({
      spacing_min_seconds: 300,
      spacing_max_seconds: 900,
    });
  });

  it('estimates the sending days from the spacing when it leaves room for fewer mails than the cap', async () => {
    const def = await createDraft();
    await addProspects(
      def.id,
      Array.from({ length: 40 }, (_, i) => ({ first_name: `S${i}`, company_name: 'ACME' })),
    );
    const senders = def.settings.mailbox_ids.length;
    const review = async () =>
      (await t.call('GET', `/api/v1/campaigns/${def.id}/review`, { token: staff })).json();
    const before = await review();
    expect(before.daily_capacity).toBe(50 * senders);
    // 09:00–17:00 at a mean of 40 minutes: 12 intervals, 13 mails a sender a day, under the cap of 50.
    const res = await t.call('PUT', `/api/v1/campaigns/${def.id}/definition`, {
      token: staff,
      body: {
        ...update(def),
        settings: { ...def.settings, spacing_min_seconds: 1800, spacing_max_seconds: 3000 },
      },
    });
    expectContract('updateCampaignDefinition', res, 200);
    const after = await review();
    expect(after.daily_capacity).toBe(13 * senders);
    expect(after.sequence_days).toBeGreaterThan(before.sequence_days);
  });

  it('refuses to remove a step that already sent', async () => {
    const def = await createDraft();
    await t.database.db
      .updateTable('campaign_steps')
      .set({ contacted: 3 })
      .where('id', '=', def.steps[2]!.id)
      .execute();
    const body = update(def);
    body.steps = body.steps.filter((s) => s.id !== def.steps[2]!.id);
    const res = await t.call('PUT', `/api/v1/campaigns/${def.id}/definition`, {
      token: staff,
      body,
    });
    expectContract('updateCampaignDefinition', res, 409);
    expect(res.json().code).toBe('step_has_sends');
  });
});

describe('review, preview and lifecycle', () => {
  it('summarises the audience, senders, first send and duration, then launches, pauses, resumes, finishes and archives', async () => {
    const def = await createDraft();
    await addProspects(
      def.id,
      Array.from({ length: 120 }, (_, i) => ({ first_name: `P${i}`, company_name: 'ACME' })),
    );
    const review = await t.call('GET', `/api/v1/campaigns/${def.id}/review`, { token: staff });
    expectContract('getCampaignReview', review, 200);
    expect(review.json()).toMatchObject({
      campaign_id: def.id,
      audience: 120,
      daily_capacity: 50 * def.settings.mailbox_ids.length,
      time_zone: 'Europe/Zurich',
      problems: [],
      can_launch: true,
    });
    expect(review.json().first_send_local).toMatch(/^\d{4}-\d{2}-\d{2}T(09|1[0-6]):\d{2}$/);
    expect(review.json().sequence_days).toBeGreaterThanOrEqual(10);

    const samples = await t.call('GET', `/api/v1/campaigns/${def.id}/sample-prospects?limit=2`, {
      token: staff,
    });
    expectContract('listCampaignSampleProspects', samples, 200);
    expect(samples.json().prospects.map((p: { first_name: string }) => p.first_name)).toEqual([
      'P0',
      'P1',
    ]);

    const move = (action: string) =>
      t.call('POST', `/api/v1/campaigns/${def.id}/lifecycle`, { token: staff, body: { action } });
    const launched = await move('launch');
    expectContract('changeCampaignLifecycle', launched, 200);
    expect(['running', 'scheduled']).toContain(launched.json().status);
    expect(launched.json().is_active).toBe(true);
    expect(launched.json().steps).toHaveLength(4);
    const again = await move('launch');
    expectContract('changeCampaignLifecycle', again, 409);
    expect(again.json().code).toBe('transition_not_allowed');
    expect((await move('pause')).json()).toMatchObject({ status: 'paused', is_active: false });
    expect(['running', 'scheduled']).toContain((await move('resume')).json().status);
    expect((await move('finish')).json()).toMatchObject({ status: 'finished', is_active: false });
    expect((await move('archive')).json().status).toBe('archived');
    // The archived campaign still shows in the customer's list, with its sequence.
    const list = await t.call('GET', `/api/v1/users/${t.facts.customerId}/campaigns`, {
      token: customer,
    });
    expectContract('listUserCampaigns', list, 200);
    expect(list.json().campaigns.find((c: { id: number }) => c.id === def.id)?.status).toBe(
      'archived',
    );
    const remove = await t.call('DELETE', `/api/v1/campaigns/${def.id}`, { token: staff });
    expectContract('deleteCampaignDraft', remove, 409);
    expect(remove.json().code).toBe('not_a_draft');
  });

  it('refuses to launch with blocking problems, and names them', async () => {
    const def = await createDraft();
    const res = await t.call('POST', `/api/v1/campaigns/${def.id}/lifecycle`, {
      token: staff,
      body: { action: 'launch' },
    });
    expectContract('changeCampaignLifecycle', res, 422);
    expect(res.json()).toMatchObject({
      code: 'campaign_has_problems',
      problems: [{ code: 'no_audience', severity: 'blocking', section: 'summary' }],
    });
  });

  it('deletes a draft, and nothing else', async () => {
    const def = await createDraft();
    expectContract(
      'deleteCampaignDraft',
      await t.call('DELETE', `/api/v1/campaigns/${def.id}`, { token: customer }),
      403,
    );
    expectContract(
      'deleteCampaignDraft',
      await t.call('DELETE', `/api/v1/campaigns/${def.id}`, { token: staff }),
      204,
    );
    expectContract(
      'getCampaignDefinition',
      await t.call('GET', `/api/v1/campaigns/${def.id}/definition`, { token: staff }),
      404,
    );
  });
});

describe('who may reach the builder and the sequences', () => {
  it('refuses every builder call to customers, their own campaigns included', async () => {
    const def = await createDraft();
    const calls: [string, string, string, unknown?][] = [
      ['getCampaignDefinition', 'GET', `/api/v1/campaigns/${def.id}/definition`],
      ['updateCampaignDefinition', 'PUT', `/api/v1/campaigns/${def.id}/definition`, update(def)],
      ['getCampaignReview', 'GET', `/api/v1/campaigns/${def.id}/review`],
      ['listCampaignSampleProspects', 'GET', `/api/v1/campaigns/${def.id}/sample-prospects`],
      [
        'changeCampaignLifecycle',
        'POST',
        `/api/v1/campaigns/${def.id}/lifecycle`,
        { action: 'launch' },
      ],
    ];
    for (const [operationId, method, url, body] of calls) {
      expectContract(operationId, await t.call(method, url, { token: customer, body }), 403);
    }
  });

  it('lets customers read their own campaign’s sequence, without the staff-only parts, and hides others’', async () => {
    const def = await createDraft();
    const res = await t.call('GET', `/api/v1/campaigns/${def.id}/sequence`, { token: customer });
    expectContract('getCampaignSequence', res, 200);
    expect(res.json().steps).toHaveLength(4);
    expect(res.json().steps[0]).not.toHaveProperty('draft_template');
    expect(JSON.stringify(res.json())).not.toMatch(/utm_|mailbox|daily_cap|brief|problems/);
    expectContract(
      'getCampaignSequence',
      await t.call('GET', `/api/v1/campaigns/${def.id}/sequence`, { token: other }),
      404,
    );
    expectContract(
      'getCampaignSequence',
      await t.call('GET', `/api/v1/campaigns/${def.id}/sequence`, { token: staff }),
      200,
    );
    expectContract(
      'getCampaignSequence',
      await t.call('GET', '/api/v1/campaigns/99999999/sequence', { token: staff }),
      404,
    );
  });
});

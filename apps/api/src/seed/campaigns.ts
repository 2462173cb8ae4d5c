/**
 * The seeds' generator: a customer's campaigns, steps, prospects, tags, comments, history and answers, drawn
 * deterministically from the demo world's people (`@prospecta/domain/demo`). The demo seed (`demo.ts`) and the load
 * seed (`load.ts`) both call it.
 */
import { sql, type Insertable } from 'kysely';
import {
  COMMENT_ACTIVITIES,
  draftSequence,
  type CampaignEventType,
  type HistoryEventCode,
  type ProspectStatus,
  type ReplyLabel,
} from '@prospecta/domain';
import type { BuilderBrief } from '@prospecta/domain/contract';
import {
  ENGLISH_COMMENTS,
  ENGLISH_COMPANIES,
  ENGLISH_FIRST,
  ENGLISH_LAST,
  ENGLISH_POSITIONS,
  ENGLISH_REPLIES,
  FRENCH_COMMENTS,
  FRENCH_COMPANIES,
  FRENCH_FIRST,
  FRENCH_LAST,
  FRENCH_POSITIONS,
  FRENCH_REPLIES,
  demoReplySuggestion,
  type DemoAnchor,
  type DemoCampaign,
  type DemoLang,
  type DemoUser,
} from '@prospecta/domain/demo';
import type { Db } from '../db/index';
import type {
  CampaignEventsTable,
  NewProspect,
  ProspectSequencesTable,
  SendsTable,
  TasksTable,
} from '../db/types';
import { campaignEventsRepository } from '../repositories/campaign-events';
import type { ScryptParams } from '../security/password';
import type { SecretBox } from '../security/secret-box';
import { Random } from './prng';

/** The pseudo-random generator's seed of the demo data (the load seeds add 1, 2, 3). */
export const DEMO_SEED = 20260521;
export const DAY = 24 * 3600 * 1000;

export interface SeedOptions {
  scrypt: ScryptParams;
  secretBox: SecretBox;
  /** Reference time; dates are laid out before it. Default: now. */
  now?: Date;
}

type Lang = DemoLang;

const ACTIVITIES = [...COMMENT_ACTIVITIES, null] as const;

const STATUS_WEIGHTS: (readonly [ProspectStatus, number])[] = [
  ['pending', 10],
  ['ongoing', 34],
  ['to_call', 16],
  ['converted', 8],
  ['lost', 12],
  ['nurture', 12],
  ['nurtured', 8],
];

const ascii = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const phoneFor = (rng: Random, lang: Lang) =>
  lang === 'fr'
    ? `+33 ${rng.pick(['1', '4', '6', '7'])} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`
    : `+44 ${rng.int(1000, 7999)} ${rng.int(100000, 999999)}`;

interface GeneratedProspect {
  row: NewProspect;
  lang: Lang;
  status: ProspectStatus;
  responses: boolean;
  unread: boolean;
  tags: string[];
  comment: string | null;
  createdAt: Date;
}

function makeProspect(
  rng: Random,
  ctx: { userId: number; campaignId: number; lang: Lang; now: Date; index: number },
  anchor?: DemoAnchor,
): GeneratedProspect {
  const lang = ctx.lang;
  const title = anchor?.title ?? (rng.chance(0.5) ? 'mister' : 'miss');
  const first =
    anchor?.first ?? rng.pick(lang === 'fr' ? FRENCH_FIRST[title] : ENGLISH_FIRST[title]);
  const last = anchor?.last ?? rng.pick(lang === 'fr' ? FRENCH_LAST : ENGLISH_LAST);
  const company = anchor?.company ?? rng.pick(lang === 'fr' ? FRENCH_COMPANIES : ENGLISH_COMPANIES);
  const position =
    anchor?.position ?? rng.pick(lang === 'fr' ? FRENCH_POSITIONS : ENGLISH_POSITIONS);
  const status = anchor?.status ?? rng.weighted(STATUS_WEIGHTS);
  const responses =
    anchor?.responses ??
    (status === 'converted'
      ? true
      : status === 'pending'
        ? false
        : rng.chance(status === 'to_call' ? 0.5 : 0.3));
  const createdAt = new Date(
    ctx.now.getTime() - rng.int(20, 150) * DAY - rng.int(0, 86_399) * 1000,
  );
  const slug = `${ascii(first)}.${ascii(last)}`;
  const row: NewProspect = {
    campaign_id: ctx.campaignId,
    user_id: ctx.userId,
    title: rng.chance(0.06) && !anchor ? 'undefined' : title,
    first_name: first,
    last_name: last,
    email: `${slug}@${company.domain}`,
    phone: phoneFor(rng, lang),
    direct_line: rng.chance(0.4) ? phoneFor(rng, lang) : null,
    linkedin: `https://www.linkedin.com/in/${slug.replace('.', '-')}-${rng.int(100, 999)}`,
    reference: `PRS-${String(ctx.campaignId).padStart(3, '0')}-${String(ctx.index + 1).padStart(5, '0')}`,
    position,
    score: rng.int(5, 98),
    prospecting_status: status,
    has_responses: responses,
    company_name: company.name,
    company_website: `https://www.${company.domain}`,
    company_address: company.address,
    event_date: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
  const tags = anchor?.tags ?? [];
  const comment = anchor?.comment ?? null;
  return {
    row,
    lang,
    status,
    responses,
    unread: anchor?.unread ?? (responses && rng.chance(0.35)),
    tags,
    comment,
    createdAt,
  };
}

/** Ordered status path that led to the current status (for history entries). */
function statusPath(status: ProspectStatus): [ProspectStatus, ProspectStatus][] {
  switch (status) {
    case 'converted':
    case 'lost':
    case 'nurture':
      return [['ongoing', status]];
    case 'nurtured':
      return [
        ['ongoing', 'nurture'],
        ['nurture', 'nurtured'],
      ];
    default:
      return [];
  }
}

interface HistorySeed {
  prospect_id: number;
  type: string;
  content: string;
  direction: 'inbound' | 'outbound' | null;
  from_status: string | null;
  to_status: string | null;
  event_date: Date;
  /** JSON: for an event, its code and values ({ event, step, campaign }), which the app turns into a sentence. */
  data: string | null;
}

/** What the campaign engine sends (outbound messages, in the prospect's language). */
const OUTBOUND = {
  fr: {
    email:
      'Bonjour, je me permets de vous contacter pour vous présenter notre solution. Seriez-vous disponible pour un court échange cette semaine ?',
    linkedin: 'Merci pour la mise en relation ! Voici un cas client qui pourrait vous intéresser.',
  },
  en: {
    email:
      'Hello, I am reaching out to introduce our solution. Would you have a few minutes for a short call this week?',
    linkedin: 'Thanks for connecting! Here is a case study you may find useful.',
  },
} as const;

async function insertChunked<T>(
  items: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) await insert(items.slice(i, i + size));
}

interface SeedCampaignsInput {
  rng: Random;
  userId: number;
  authorIds: number[];
  campaigns: DemoCampaign[];
  anchors: DemoAnchor[];
  tagLabels: string[];
  now: Date;
  /** Probability that a generated prospect gets a comment / random tags. */
  commentRate: number;
  tagRate: number;
}

/** Creates campaigns, steps, prospects, tags, comments, history and replies for one customer. */
export async function seedCampaigns(
  db: Db,
  input: SeedCampaignsInput,
): Promise<{ campaignIds: number[]; prospectCount: number }> {
  const { rng, userId, now } = input;
  const tagRows = await db
    .insertInto('tags')
    .values(input.tagLabels.map((label) => ({ user_id: userId, label })))
    .returning(['id', 'label'])
    .execute();
  const tagId = new Map(tagRows.map((t) => [t.label, t.id]));

  const campaignIds: number[] = [];
  let prospectCount = 0;
  for (const [campaignIndex, spec] of input.campaigns.entries()) {
    const createdAt = new Date(now.getTime() - rng.int(40, 160) * DAY);
    const lastSync = new Date(now.getTime() - rng.int(1, 72) * 3600 * 1000);
    const campaign = await db
      .insertInto('campaigns')
      .values({
        user_id: userId,
        name: spec.name,
        status: spec.status,
        is_active: spec.isActive,
        language: spec.lang,
        brief: JSON.stringify(SEED_BRIEFS[spec.lang]),
        last_sync_at: lastSync,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    campaignIds.push(campaign.id);

    const anchors = input.anchors.filter((a) => a.campaign === campaignIndex);
    const generated: GeneratedProspect[] = [];
    for (let i = 0; i < spec.size; i += 1) {
      generated.push(
        makeProspect(
          rng,
          { userId, campaignId: campaign.id, lang: spec.lang, now, index: i },
          anchors[i],
        ),
      );
    }
    for (const g of generated) {
      if (g.tags.length === 0 && rng.chance(input.tagRate))
        g.tags = rng.sample(input.tagLabels, rng.int(1, 2));
      if (!g.comment && rng.chance(input.commentRate)) {
        g.comment = rng.pick(g.lang === 'fr' ? FRENCH_COMMENTS : ENGLISH_COMMENTS);
      }
    }
    const ids: number[] = [];
    await insertChunked(generated, 500, async (chunk) => {
      const rows = await db
        .insertInto('prospects')
        .values(chunk.map((g) => g.row))
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    });
    prospectCount += ids.length;

    const history: HistorySeed[] = [];
    /** index in `history` of each inbound answer, with its read date */
    const inbound: {
      index: number;
      prospectId: number;
      readAt: Date | null;
      label: ReplyLabel | null;
    }[] = [];
    const comments: {
      prospect_id: number;
      author_id: number;
      content: string;
      activity: string | null;
      created_at: Date;
    }[] = [];
    const links: { prospect_id: number; tag_id: number }[] = [];
    const lastEvent = new Map<number, Date>();
    /** What the engine did for each contacted prospect: the figures derive from these events. */
    const contacts: ContactSeed[] = [];

    generated.forEach((g, index) => {
      const id = ids[index] as number;
      const isFr = g.lang === 'fr';
      let t = g.createdAt.getTime();
      const at = (hours: number) => {
        t = Math.min(t + hours * 3600 * 1000, now.getTime() - 60_000);
        return new Date(t);
      };
      const push = (
        type: string,
        content: string,
        date: Date,
        direction: 'inbound' | 'outbound' | null = null,
        from: string | null = null,
        to: string | null = null,
      ) =>
        history.push({
          prospect_id: id,
          type,
          content,
          direction,
          from_status: from,
          to_status: to,
          event_date: date,
          data: null,
        });
      // Events carry a code and values (the app writes them in the user's language); content is the server's English.
      const pushEvent = (
        event: HistoryEventCode,
        text: string,
        date: Date,
        values: { step?: number; campaign?: string } = {},
      ) =>
        history.push({
          prospect_id: id,
          type: 'event',
          content: text,
          direction: null,
          from_status: null,
          to_status: null,
          event_date: date,
          data: JSON.stringify({
            event,
            step: values.step ?? null,
            campaign: values.campaign ?? null,
          }),
        });
      const outbound = OUTBOUND[isFr ? 'fr' : 'en'];
      pushEvent('added_to_campaign', `Added to campaign "${spec.name}"`, at(0), {
        campaign: spec.name,
      });
      if (g.status !== 'pending') {
        const contact: ContactSeed = {
          prospectId: id,
          sentAt: at(rng.int(2, 48)),
          openedAt: null,
          clickedAt: null,
          repliedAt: null,
        };
        contacts.push(contact);
        push('email', outbound.email, contact.sentAt, 'outbound');
        const didOpen = g.responses || rng.chance(0.6);
        if (didOpen) {
          contact.openedAt = at(rng.int(1, 30));
          pushEvent('email_opened', 'Email 1 opened', contact.openedAt, { step: 1 });
          if (rng.chance(0.3)) {
            contact.clickedAt = at(rng.int(1, 5));
            pushEvent('link_clicked', 'Link clicked in email 1', contact.clickedAt, { step: 1 });
          }
        }
        if (spec.steps.some((s) => s.type === 'linkedin_message') && rng.chance(0.5)) {
          push('linkedin_message', outbound.linkedin, at(rng.int(24, 96)), 'outbound');
        }
        if (g.responses) {
          const replies = g.unread ? 1 : rng.int(1, 2);
          for (let r = 0; r < replies; r += 1) {
            const content = rng.pick(isFr ? FRENCH_REPLIES : ENGLISH_REPLIES);
            const channel = rng.chance(0.75) ? 'email' : 'linkedin';
            const receivedAt = at(rng.int(3, 72));
            contact.repliedAt ??= receivedAt;
            push(
              channel === 'email' ? 'email' : 'linkedin_message',
              content,
              receivedAt,
              'inbound',
            );
            const unread = g.unread && r === replies - 1;
            // Labelled as the mailbox watch's classifier labels the same text (the demo world keeps its suggestions).
            const suggestion = demoReplySuggestion(content);
            const entry = history[history.length - 1];
            if (entry && suggestion)
              entry.data = JSON.stringify({
                label: suggestion.label,
                label_confidence: suggestion.confidence,
              });
            inbound.push({
              label: suggestion?.label ?? null,
              index: history.length - 1,
              prospectId: id,
              readAt: unread ? null : new Date(receivedAt.getTime() + 3600 * 1000),
            });
          }
        }
        for (const [from, to] of statusPath(g.status)) {
          push(
            'status_change',
            `Status changed: ${from} → ${to}`,
            at(rng.int(2, 48)),
            null,
            from,
            to,
          );
        }
      }
      if (g.comment) {
        const commentAt = new Date(
          now.getTime() - rng.int(0, 80) * DAY - rng.int(0, 86_399) * 1000,
        );
        comments.push({
          prospect_id: id,
          author_id: rng.pick(input.authorIds),
          content: g.comment,
          activity: rng.pick(ACTIVITIES),
          created_at: commentAt > g.createdAt ? commentAt : now,
        });
      }
      for (const label of g.tags) {
        const tag = tagId.get(label);
        if (tag !== undefined) links.push({ prospect_id: id, tag_id: tag });
      }
      lastEvent.set(id, new Date(t));
    });

    const historyIds: number[] = [];
    await insertChunked(history, 1000, async (chunk) => {
      const rows = await db.insertInto('history_entries').values(chunk).returning('id').execute();
      historyIds.push(...rows.map((r) => r.id));
    });
    const inbox = inbound.map((m) => ({
      history_entry_id: historyIds[m.index] as number,
      prospect_id: m.prospectId,
      user_id: userId,
      read_at: m.readAt,
      label: m.label,
    }));
    if (inbox.length)
      await insertChunked(inbox, 2000, (chunk) =>
        db.insertInto('inbox_messages').values(chunk).execute(),
      );
    if (comments.length)
      await insertChunked(comments, 1000, (chunk) =>
        db.insertInto('comments').values(chunk).execute(),
      );
    if (links.length)
      await insertChunked(links, 2000, (chunk) =>
        db.insertInto('prospect_tags').values(chunk).execute(),
      );
    // event_date = the prospect's latest event.
    await sql`update prospects p set event_date = h.last, updated_at = h.last
      from (select prospect_id, max(event_date) as last from history_entries group by prospect_id) h
      where h.prospect_id = p.id and p.campaign_id = ${campaign.id}`.execute(db);

    const texts = seedStepTexts(spec);
    const steps = await db
      .insertInto('campaign_steps')
      .values(
        spec.steps.map((step, position) => ({
          campaign_id: campaign.id,
          position: position + 1,
          name: step.name,
          workflow_step_type: step.type,
          ...texts[position],
        })),
      )
      .returning(['id', 'position', 'workflow_step_type', 'delay_days'])
      .execute();
    await seedContactEvents(db, {
      campaignId: campaign.id,
      userId,
      steps: steps.sort((a, b) => a.position - b.position),
      contacts,
      // Its own generator: the demo world's people and answers stay those drawn above.
      rng: new Random(DEMO_SEED + campaign.id),
      now,
    });
    await campaignEventsRepository(db).recount(campaign.id, lastSync);
  }
  return { campaignIds, prospectCount };
}

interface ContactSeed {
  prospectId: number;
  /** The first e-mail's send; the next steps follow at their delays. */
  sentAt: Date;
  openedAt: Date | null;
  clickedAt: Date | null;
  /** The first answer. */
  repliedAt: Date | null;
}

/**
 * The engine's record of the seeded contacts, as the engine itself would have left it: for each contacted prospect,
 * the steps it reached (each further step reached by fewer prospects: step n by about 1/n of them), a `sends` row
 * and a `sent` event per e-mail step, a done task per LinkedIn step, the open and the click of the first e-mail, the
 * reply on the last step reached, and where its sequence stands (stopped by the reply, else its next step and when it
 * is due, or finished). The figures
 * are then recounted from these events alone.
 */
async function seedContactEvents(
  db: Db,
  input: {
    campaignId: number;
    userId: number;
    steps: { id: number; position: number; workflow_step_type: string; delay_days: number }[];
    contacts: ContactSeed[];
    rng: Random;
    now: Date;
  },
): Promise<void> {
  const { campaignId, steps, rng, now } = input;
  const firstEmail = steps.find((step) => step.workflow_step_type === 'email');
  const latest = now.getTime() - 60_000;
  const sends: Insertable<SendsTable>[] = [];
  const tasks: Insertable<TasksTable>[] = [];
  const events: Insertable<CampaignEventsTable>[] = [];
  const sequences: Insertable<ProspectSequencesTable>[] = [];
  const event = (
    type: CampaignEventType,
    contact: ContactSeed,
    stepId: number,
    at: Date,
  ): Insertable<CampaignEventsTable> => ({
    campaign_id: campaignId,
    prospect_id: contact.prospectId,
    step_id: stepId,
    type,
    data: null,
    occurred_at: at,
  });
  for (const contact of input.contacts) {
    let reached = 1;
    while (reached < steps.length && rng.chance(reached / (reached + 1))) reached += 1;
    let time = contact.sentAt.getTime();
    let lastStepId = steps[0]?.id;
    for (const step of steps.slice(0, reached)) {
      if (step.position > 1) time = Math.min(time + step.delay_days * DAY, latest);
      const at = new Date(time);
      lastStepId = step.id;
      if (step.workflow_step_type === 'email') {
        sends.push({
          campaign_id: campaignId,
          step_id: step.id,
          prospect_id: contact.prospectId,
          email_account_id: null,
          message_id: `seed.${campaignId}.${contact.prospectId}.${step.position}@prospecta.invalid`,
          state: 'sent',
          due_at: at,
          attempts: 1,
          last_error: null,
          sending_at: at,
          sent_at: at,
        });
        events.push(event('sent', contact, step.id, at));
      } else {
        tasks.push({
          campaign_id: campaignId,
          step_id: step.id,
          prospect_id: contact.prospectId,
          user_id: input.userId,
          type: step.workflow_step_type,
          due_at: at,
          state: 'done',
          done_at: at,
        });
        events.push(event('task_done', contact, step.id, at));
      }
    }
    if (firstEmail && contact.openedAt)
      events.push(event('opened', contact, firstEmail.id, contact.openedAt));
    if (firstEmail && contact.clickedAt)
      events.push(event('clicked', contact, firstEmail.id, contact.clickedAt));
    if (contact.repliedAt && lastStepId !== undefined)
      events.push(event('replied', contact, lastStepId, contact.repliedAt));
    const next = contact.repliedAt ? undefined : steps[reached];
    sequences.push({
      prospect_id: contact.prospectId,
      campaign_id: campaignId,
      next_position: next?.position ?? null,
      next_due_at: next ? new Date(Math.min(time + next.delay_days * DAY, latest)) : null,
      thread_message_id: `seed.${campaignId}.${contact.prospectId}.1@prospecta.invalid`,
      stopped_reason: contact.repliedAt ? 'replied' : null,
      stopped_at: contact.repliedAt,
    });
  }
  await insertChunked(sends, 1000, (chunk) => db.insertInto('sends').values(chunk).execute());
  await insertChunked(tasks, 1000, (chunk) => db.insertInto('tasks').values(chunk).execute());
  await insertChunked(events, 2000, (chunk) =>
    db.insertInto('campaign_events').values(chunk).execute(),
  );
  await insertChunked(sequences, 2000, (chunk) =>
    db.insertInto('prospect_sequences').values(chunk).execute(),
  );
}

export async function insertUser(db: Db, user: DemoUser, passwordHash: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: passwordHash,
      first_name: user.first_name,
      last_name: user.last_name,
      is_staff: user.is_staff,
      flags: JSON.stringify(user.flags),
      company_name: user.company.name,
      company_website: user.company.website,
      company_commercial_activity: user.company.activity,
      company_description: user.company.description,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The briefs the seeded campaigns were written from (the demo customer sells HR software). */
const SEED_BRIEFS: Record<DemoLang, BuilderBrief> = {
  fr: {
    offer_type: 'product',
    offer_name: 'Moreau RH',
    description: 'Un logiciel qui simplifie le recrutement des PME.',
    pricing: 'À partir de 49 € par mois et par recruteur.',
    features: [
      'Suivi des candidatures',
      'Entretiens planifiés en un clic',
      'Tableaux de bord partagés',
    ],
    audience: 'PME en croissance',
    industries: 'Services, industrie',
    company_sizes: ['11-50', '51-200'],
    people: 'DRH, dirigeants',
    website: '',
    additional_information: '',
  },
  en: {
    offer_type: 'product',
    offer_name: 'Moreau HR',
    description: 'Software that makes hiring simple for growing companies.',
    pricing: 'From 49 EUR a month per recruiter.',
    features: ['Applicant tracking', 'One-click interview scheduling', 'Shared dashboards'],
    audience: 'Growing fintech companies',
    industries: 'Fintech',
    company_sizes: ['51-200', '201-500'],
    people: 'Heads of people, founders',
    website: '',
    additional_information: '',
  },
};

const SEED_LINKEDIN_MESSAGES: Record<DemoLang, string> = {
  fr: 'Merci pour la mise en relation, {{first_name|Madame, Monsieur}}. Un cas client qui pourrait vous parler\u00a0: une PME de 80 personnes a divisé par deux son temps de recrutement.',
  en: 'Thanks for connecting, {{first_name|there}}. A case study you may like: an 80-person company halved its time to hire.',
};

/** Each seeded step's template: the draft sequence's e-mails and invitation in turn, a case-study message. */
function seedStepTexts(spec: DemoCampaign) {
  const draft = draftSequence(SEED_BRIEFS[spec.lang], spec.lang);
  const emails = draft.filter((step) => step.type === 'email');
  const invitation = draft.find((step) => step.type === 'linkedin_invitation');
  let emailIndex = 0;
  return spec.steps.map((step) => {
    const source =
      step.type === 'email'
        ? emails[emailIndex++]
        : step.type === 'linkedin_invitation'
          ? invitation
          : {
              subject: '',
              body: SEED_LINKEDIN_MESSAGES[spec.lang],
              delay_days: 2,
              condition: 'none',
            };
    return {
      subject: source?.subject ?? '',
      body: source?.body ?? '',
      delay_days: source?.delay_days ?? 0,
      condition: source?.condition ?? 'none',
    };
  });
}

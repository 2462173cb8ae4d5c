import { sql } from 'kysely';
import { COMMENT_ACTIVITIES, type HistoryEventCode, type ProspectStatus } from '@prospecta/domain';
import { analyzeTables, type Db } from '../db/index';
import type { NewProspect } from '../db/types';
import { inboxRepository } from '../repositories/inbox';
import { hashPassword, type ScryptParams } from '../security/password';
import type { SecretBox } from '../security/secret-box';
import { Random } from './prng';
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
  type CompanySeed,
} from './people';

export const DEMO_PASSWORD = 'prospecta-demo';
export const DEMO_SEED = 20260521;
const DAY = 24 * 3600 * 1000;

export interface SeedOptions {
  scrypt: ScryptParams;
  secretBox: SecretBox;
  /** Reference time; dates are laid out before it. Default: now. */
  now?: Date;
}

type Lang = 'fr' | 'en';

interface CampaignSpec {
  name: string;
  status: 'draft' | 'running' | 'paused' | 'finished';
  isActive: boolean;
  lang: Lang;
  size: number;
  steps: { name: string; type: 'email' | 'linkedin_invitation' | 'linkedin_message' }[];
}

/** Named prospects e2e tests can rely on (all in the customer's first two campaigns unless noted). */
interface AnchorSpec {
  campaign: number;
  title: 'mister' | 'miss';
  first: string;
  last: string;
  position: string;
  company: CompanySeed;
  status: ProspectStatus;
  responses: boolean;
  unread?: boolean;
  tags?: string[];
  comment?: string;
}

const STEPS_FR: CampaignSpec['steps'] = [
  { name: 'n/a', type: 'linkedin_invitation' },
  { name: 'E-mail 1 — Présentation', type: 'email' },
  { name: 'Message LinkedIn — Cas client', type: 'linkedin_message' },
  { name: 'E-mail 2 — Relance', type: 'email' },
];
const STEPS_EN: CampaignSpec['steps'] = [
  { name: 'Email 1 — Introduction', type: 'email' },
  { name: 'n/a', type: 'linkedin_invitation' },
  { name: 'LinkedIn message — Case study', type: 'linkedin_message' },
  { name: 'Email 2 — Follow-up', type: 'email' },
];

export const CUSTOMER_CAMPAIGNS: CampaignSpec[] = [
  {
    name: 'Lancement SaaS RH — Île-de-France',
    status: 'running',
    isActive: true,
    lang: 'fr',
    size: 70,
    steps: STEPS_FR,
  },
  {
    name: 'UK Fintech Outreach Q3',
    status: 'running',
    isActive: true,
    lang: 'en',
    size: 55,
    steps: STEPS_EN,
  },
  {
    name: 'Relance Salon VivaTech 2026',
    status: 'finished',
    isActive: false,
    lang: 'fr',
    size: 50,
    steps: STEPS_FR.slice(1),
  },
  {
    name: 'Cabinets comptables — Lyon',
    status: 'paused',
    isActive: false,
    lang: 'fr',
    size: 40,
    steps: STEPS_FR,
  },
  {
    name: 'LinkedIn — Directeurs industriels',
    status: 'running',
    isActive: true,
    lang: 'fr',
    size: 45,
    steps: STEPS_FR.slice(0, 3),
  },
];
export const OTHER_CUSTOMER_CAMPAIGNS: CampaignSpec[] = [
  {
    name: 'Retail Analytics — DACH',
    status: 'running',
    isActive: true,
    lang: 'en',
    size: 30,
    steps: STEPS_EN,
  },
  {
    name: 'Northwind Partner Programme',
    status: 'finished',
    isActive: false,
    lang: 'en',
    size: 20,
    steps: STEPS_EN.slice(0, 2),
  },
];

const fr = (name: string) => FRENCH_COMPANIES.find((c) => c.name === name) as CompanySeed;
const en = (name: string) => ENGLISH_COMPANIES.find((c) => c.name === name) as CompanySeed;

export const CUSTOMER_ANCHORS: AnchorSpec[] = [
  {
    campaign: 0,
    title: 'miss',
    first: 'Claire',
    last: 'Dubois',
    position: 'Directrice commerciale',
    company: fr('Boulangeries Lemoine'),
    status: 'to_call',
    responses: true,
    unread: true,
    tags: ['Chaud', 'Décideur'],
    comment: 'Appel de qualification fait, budget validé pour le prochain trimestre.',
  },
  {
    campaign: 0,
    title: 'mister',
    first: 'Thomas',
    last: 'Bernard',
    position: 'Directeur général',
    company: fr('Transports Girard & Fils'),
    status: 'ongoing',
    responses: false,
  },
  {
    campaign: 0,
    title: 'miss',
    first: 'Sophie',
    last: 'Lefèvre',
    position: 'Responsable RH',
    company: fr('Conseil RH Legrand'),
    status: 'lost',
    responses: true,
  },
  {
    campaign: 0,
    title: 'miss',
    first: 'Élodie',
    last: 'Martin',
    position: 'Office manager',
    company: fr('Imprimerie Morel'),
    status: 'pending',
    responses: false,
  },
  {
    campaign: 1,
    title: 'miss',
    first: 'Olivia',
    last: 'Smith',
    position: 'Head of Sales',
    company: en('Kestrel Payments'),
    status: 'converted',
    responses: true,
    tags: ['VIP'],
  },
  {
    campaign: 1,
    title: 'mister',
    first: 'James',
    last: 'Taylor',
    position: 'Finance Director',
    company: en('Thames Valley Finance'),
    status: 'nurture',
    responses: true,
  },
  {
    campaign: 1,
    title: 'mister',
    first: 'Oliver',
    last: 'Brown',
    position: 'Managing Director',
    company: en('Greenfield Software'),
    status: 'ongoing',
    responses: true,
    unread: true,
  },
  {
    campaign: 2,
    title: 'mister',
    first: 'Hugo',
    last: 'Fournier',
    position: 'Directeur des opérations',
    company: fr('Logistique Faure'),
    status: 'ongoing',
    responses: false,
  },
  {
    campaign: 3,
    title: 'mister',
    first: 'Nicolas',
    last: 'Petit',
    position: 'Gérant',
    company: fr('Cabinet Rousseau Expertise'),
    status: 'nurtured',
    responses: false,
  },
];
export const OTHER_ANCHORS: AnchorSpec[] = [
  {
    campaign: 0,
    title: 'mister',
    first: 'Harry',
    last: 'Wilson',
    position: 'CTO',
    company: en('Summit Cloud Services'),
    status: 'to_call',
    responses: true,
    unread: true,
    tags: ['Hot lead'],
  },
];

const CUSTOMER_TAGS = ['Chaud', 'Décideur', 'Relance', 'VIP', 'Salon VivaTech'];
const OTHER_TAGS = ['Hot lead', 'Decision maker', 'Follow-up'];
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
  anchor?: AnchorSpec,
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
  campaigns: CampaignSpec[];
  anchors: AnchorSpec[];
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
    const campaign = await db
      .insertInto('campaigns')
      .values({
        user_id: userId,
        name: spec.name,
        status: spec.status,
        is_active: spec.isActive,
        last_sync_at: new Date(now.getTime() - rng.int(1, 72) * 3600 * 1000),
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
    const inbound: { index: number; prospectId: number; readAt: Date | null }[] = [];
    const comments: {
      prospect_id: number;
      author_id: number;
      content: string;
      activity: string | null;
      created_at: Date;
    }[] = [];
    const links: { prospect_id: number; tag_id: number }[] = [];
    const lastEvent = new Map<number, Date>();
    let contacted = 0;
    let opened = 0;
    let clicked = 0;
    let answered = 0;

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
        contacted += 1;
        push('email', outbound.email, at(rng.int(2, 48)), 'outbound');
        const didOpen = g.responses || rng.chance(0.6);
        if (didOpen) {
          opened += 1;
          pushEvent('email_opened', 'Email 1 opened', at(rng.int(1, 30)), { step: 1 });
          if (rng.chance(0.3)) {
            clicked += 1;
            pushEvent('link_clicked', 'Link clicked in email 1', at(rng.int(1, 5)), { step: 1 });
          }
        }
        if (spec.steps.some((s) => s.type === 'linkedin_message') && rng.chance(0.5)) {
          push('linkedin_message', outbound.linkedin, at(rng.int(24, 96)), 'outbound');
        }
        if (g.responses) {
          answered += 1;
          const replies = g.unread ? 1 : rng.int(1, 2);
          for (let r = 0; r < replies; r += 1) {
            const content = rng.pick(isFr ? FRENCH_REPLIES : ENGLISH_REPLIES);
            const channel = rng.chance(0.75) ? 'email' : 'linkedin';
            const receivedAt = at(rng.int(3, 72));
            push(
              channel === 'email' ? 'email' : 'linkedin_message',
              content,
              receivedAt,
              'inbound',
            );
            const unread = g.unread && r === replies - 1;
            inbound.push({
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

    await db
      .updateTable('campaigns')
      .set({
        audience: spec.size,
        contacted,
        contacts_opened: opened,
        contacts_clicked: clicked,
        contacts_answered: answered,
      })
      .where('id', '=', campaign.id)
      .execute();
    await db
      .insertInto('campaign_steps')
      .values(
        spec.steps.map((step, position) => {
          const share = 1 / (position + 1);
          const stepContacted = Math.round(contacted * share);
          const stepOpened = step.type === 'email' ? Math.round(opened * share) : 0;
          return {
            campaign_id: campaign.id,
            position: position + 1,
            name: step.name,
            workflow_step_type: step.type,
            contacted: stepContacted,
            contacts_opened: stepOpened,
            contacts_clicked: step.type === 'email' ? Math.round(clicked * share) : 0,
            contacts_answered: Math.round(answered * share),
          };
        }),
      )
      .execute();
  }
  return { campaignIds, prospectCount };
}

export const DEMO_USERS = {
  staff: {
    email: 'staff@example.com',
    first_name: 'Camille',
    last_name: 'Laurent',
    is_staff: true,
    flags: [] as string[],
    company: {
      name: 'Prospecta',
      website: 'https://www.prospecta.example',
      activity: 'Agence de prospection commerciale',
      description: 'Équipe interne Prospecta.',
    },
  },
  customer: {
    email: 'customer@example.com',
    first_name: 'Julien',
    last_name: 'Moreau',
    is_staff: false,
    flags: ['onboarding_form'],
    company: {
      name: 'Moreau Solutions RH',
      website: 'https://www.moreau-solutions-rh.fr',
      activity: 'Logiciel SaaS de gestion RH pour PME',
      description:
        'Éditeur lyonnais d’un logiciel de paie et de gestion des congés pour les PME de 10 à 250 salariés.',
    },
  },
  other: {
    email: 'other.customer@example.com',
    first_name: 'Emma',
    last_name: 'Clarke',
    is_staff: false,
    flags: [] as string[],
    company: {
      name: 'Northwind Analytics Ltd',
      website: 'https://www.northwind-analytics.co.uk',
      activity: 'Retail analytics consultancy',
      description: 'London consultancy helping retailers forecast demand.',
    },
  },
} as const;

export interface UserSeed {
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  flags: readonly string[];
  company: { name: string; website: string; activity: string; description: string };
}

export async function insertUser(db: Db, user: UserSeed, passwordHash: string): Promise<number> {
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

export interface DemoFacts {
  staffId: number;
  customerId: number;
  otherCustomerId: number;
  prospectCount: number;
}

/** Seeds the demo data into an empty database (deterministic content for a given `now`). */
export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoFacts> {
  const now = options.now ?? new Date();
  const rng = new Random(DEMO_SEED);
  const [staffHash, customerHash, otherHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD, options.scrypt),
    hashPassword(DEMO_PASSWORD, options.scrypt),
    hashPassword(DEMO_PASSWORD, options.scrypt),
  ]);
  const staffId = await insertUser(db, DEMO_USERS.staff, staffHash);
  const customerId = await insertUser(db, DEMO_USERS.customer, customerHash);
  const otherCustomerId = await insertUser(db, DEMO_USERS.other, otherHash);

  const a = await seedCampaigns(db, {
    rng,
    userId: customerId,
    authorIds: [customerId, staffId],
    campaigns: CUSTOMER_CAMPAIGNS,
    anchors: CUSTOMER_ANCHORS,
    tagLabels: CUSTOMER_TAGS,
    now,
    commentRate: 0.3,
    tagRate: 0.25,
  });
  const b = await seedCampaigns(db, {
    rng,
    userId: otherCustomerId,
    authorIds: [otherCustomerId, staffId],
    campaigns: OTHER_CUSTOMER_CAMPAIGNS,
    anchors: OTHER_ANCHORS,
    tagLabels: OTHER_TAGS,
    now,
    commentRate: 0.3,
    tagRate: 0.25,
  });

  const box = options.secretBox;
  const smtp = await db
    .insertInto('email_accounts')
    .values({
      user_id: customerId,
      name: 'Julien Moreau',
      email: 'julien.moreau@moreau-solutions-rh.fr',
      account_type: 'INFOMANIAK_SMTP',
      is_valid: true,
      first_use: false,
      smtp_host: 'mail.infomaniak.com',
      smtp_port: 465,
      smtp_secure: true,
      imap_host: 'mail.infomaniak.com',
      imap_port: 993,
      imap_secure: true,
      password_enc: null,
      created_on: new Date(now.getTime() - 30 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('email_accounts')
    .set({ password_enc: box.encrypt('demo-mailbox-password', `email_account:${smtp.id}`) })
    .where('id', '=', smtp.id)
    .execute();
  const li = await db
    .insertInto('linkedin_accounts')
    .values([
      {
        user_id: customerId,
        name: 'Julien Moreau',
        is_sales_navigator_account: true,
        is_valid: true,
        first_use: false,
        created_on: new Date(now.getTime() - 45 * DAY),
      },
      {
        user_id: customerId,
        name: 'Julien Moreau (compte secondaire)',
        is_sales_navigator_account: false,
        is_valid: true,
        first_use: true,
        created_on: new Date(now.getTime() - 2 * DAY),
      },
      {
        user_id: otherCustomerId,
        name: 'Emma Clarke',
        is_sales_navigator_account: false,
        is_valid: false,
        first_use: false,
        created_on: new Date(now.getTime() - 10 * DAY),
      },
    ])
    .returning('id')
    .execute();
  for (const row of li) {
    await db
      .updateTable('linkedin_accounts')
      .set({
        session_cookie_enc: box.encrypt(`AQEDA-demo-li-at-${row.id}`, `linkedin_account:${row.id}`),
      })
      .where('id', '=', row.id)
      .execute();
  }
  await analyzeTables(db);
  return { staffId, customerId, otherCustomerId, prospectCount: a.prospectCount + b.prospectCount };
}

const ALL_TABLES = [
  'onboarding_uploads',
  'onboarding_submissions',
  'linkedin_accounts',
  'email_accounts',
  'inbox_messages',
  'history_entries',
  'comments',
  'prospect_tags',
  'tags',
  'prospects',
  'campaign_steps',
  'campaigns',
  'reset_codes',
  'refresh_tokens',
  'refresh_token_families',
  'outbox',
  'users',
] as const;

/** Wipes every table and seeds the demo data again. */
export async function resetDemo(db: Db, options: SeedOptions): Promise<DemoFacts> {
  await sql.raw(`truncate table ${ALL_TABLES.join(', ')} restart identity cascade`).execute(db);
  return seedDemo(db, options);
}

export const LOAD_USER_EMAIL = 'load.customer@example.com';

/** How many answers to handle the load user's inbox holds by default (the inbox benchmark). */
export const LOAD_ANSWERS = 2000;

/**
 * A customer with `count` prospects spread over 8 campaigns (benchmarks), whose inbox holds `answers` answers to
 * handle (default 2,000; fewer only when there are not enough prospects to answer). Replaces a previous load user.
 */
export async function seedLoad(
  db: Db,
  options: SeedOptions & { count: number; answers?: number },
): Promise<{ userId: number; prospectCount: number; answerCount: number; unreadCount: number }> {
  const now = options.now ?? new Date();
  await db
    .deleteFrom('users')
    .where(sql`lower(email)`, '=', LOAD_USER_EMAIL)
    .execute();
  const userId = await insertUser(
    db,
    {
      email: LOAD_USER_EMAIL,
      first_name: 'Louise',
      last_name: 'Charge',
      is_staff: false,
      flags: [],
      company: {
        name: 'Charge & Cie',
        website: 'https://www.charge-et-cie.fr',
        activity: 'Distribution B2B',
        description: 'Jeu de données de charge.',
      },
    },
    await hashPassword(DEMO_PASSWORD, options.scrypt),
  );
  const per = Math.ceil(options.count / 8);
  const campaigns: CampaignSpec[] = Array.from({ length: 8 }, (_, i) => ({
    name: `Campagne de charge ${i + 1}`,
    status: i % 3 === 0 ? 'finished' : 'running',
    isActive: i % 3 !== 0,
    lang: i % 2 === 0 ? 'fr' : 'en',
    size: Math.min(per, options.count - per * i),
    steps: STEPS_FR,
  }));
  const result = await seedCampaigns(db, {
    rng: new Random(DEMO_SEED + 1),
    userId,
    authorIds: [userId],
    campaigns: campaigns.filter((c) => c.size > 0),
    anchors: [],
    tagLabels: ['Chaud', 'Décideur', 'Relance', 'VIP'],
    now,
    commentRate: 0.2,
    tagRate: 0.3,
  });
  // Top the inbox up to the wanted number of answers with answers of prospects that had none (a third unread).
  const wanted = options.answers ?? LOAD_ANSWERS;
  const inbox = inboxRepository(db);
  const have = (await inbox.items(userId)).length;
  if (have < wanted) {
    const rng = new Random(DEMO_SEED + 2);
    const candidates = await inbox.prospectsWithoutAnswer(userId, wanted - have);
    await inbox.addAnswers(
      candidates.map((p, i) => {
        const receivedAt = new Date(now.getTime() - rng.int(1, 60 * 24 * 30) * 60_000);
        return {
          prospectId: p.id,
          userId,
          content: rng.pick(i % 2 === 0 ? FRENCH_REPLIES : ENGLISH_REPLIES),
          channel: rng.chance(0.75) ? 'email' : 'linkedin_message',
          receivedAt,
          readAt: rng.chance(0.35) ? null : new Date(receivedAt.getTime() + 3600 * 1000),
        };
      }),
    );
  }
  await analyzeTables(db);
  const answerCount = (await inbox.items(userId)).length;
  return {
    userId,
    prospectCount: result.prospectCount,
    answerCount,
    unreadCount: await inbox.unreadCount(userId),
  };
}

export const LOAD_CAMPAIGN_USER_EMAIL = 'load.campaign@example.com';

/**
 * A customer with one active campaign of `size` prospects (default 10,000; the campaign benchmark), kept
 * apart from the load customer so the dashboard benchmark's figures stay comparable. Replaces a previous one.
 */
export async function seedLoadCampaign(
  db: Db,
  options: SeedOptions & { size?: number },
): Promise<{ userId: number; campaignId: number; prospectCount: number }> {
  const now = options.now ?? new Date();
  const size = options.size ?? 10_000;
  await db
    .deleteFrom('users')
    .where(sql`lower(email)`, '=', LOAD_CAMPAIGN_USER_EMAIL)
    .execute();
  const userId = await insertUser(
    db,
    {
      email: LOAD_CAMPAIGN_USER_EMAIL,
      first_name: 'Camille',
      last_name: 'Volume',
      is_staff: false,
      flags: [],
      company: {
        name: 'Volume & Associés',
        website: 'https://www.volume-associes.fr',
        activity: 'Distribution B2B',
        description: 'Campagne de charge.',
      },
    },
    await hashPassword(DEMO_PASSWORD, options.scrypt),
  );
  const result = await seedCampaigns(db, {
    rng: new Random(DEMO_SEED + 3),
    userId,
    authorIds: [userId],
    campaigns: [
      {
        name: `Campagne de charge ${size.toLocaleString('fr-FR')} prospects`,
        status: 'running',
        isActive: true,
        lang: 'fr',
        size,
        steps: STEPS_FR,
      },
    ],
    anchors: [],
    tagLabels: ['Chaud', 'Décideur', 'Relance', 'VIP'],
    now,
    commentRate: 0.2,
    tagRate: 0.3,
  });
  await analyzeTables(db);
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, campaignId: campaign.id, prospectCount: result.prospectCount };
}

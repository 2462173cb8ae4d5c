import { sql } from 'kysely';
import type { TemplateVariable } from '@prospecta/domain';
import type {
  BuilderBrief,
  CampaignLanguage,
  CampaignSettings,
  LandingPage,
  SequenceStepInput,
} from '@prospecta/domain/contract';
import { inTransaction, type Db } from '../db/index';
import type { CampaignRow } from '../db/types';

/** A step as the builder edits it, with its figures (a step that sent may not be removed). */
export interface DefinitionStepRow {
  id: number;
  position: number;
  name: string;
  workflow_step_type: string;
  subject: string;
  body: string;
  delay_days: number;
  condition: string;
  draft_template: boolean;
  contacted: number;
}

/** What a landing page is made of, as the builder, the planner and the deliverer read it (`LandingPage`). */
export const LANDING_PAGE_COLUMNS = [
  'key',
  'name',
  'url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
] as const;

/** The builder's side of the campaigns aggregate: a campaign with its sequence, senders and landing pages. */
export interface DefinitionRow {
  campaign: CampaignRow;
  steps: DefinitionStepRow[];
  landingPages: LandingPage[];
  mailboxIds: number[];
}

export interface NewDraft {
  userId: number;
  name: string;
  language: CampaignLanguage;
  brief: BuilderBrief;
  steps: readonly SequenceStepInput[];
  mailboxIds: readonly number[];
}

export interface SavedDefinition {
  settings: CampaignSettings;
  brief: BuilderBrief;
  steps: readonly SequenceStepInput[];
  landingPages: readonly LandingPage[];
}

const json = (value: unknown): string => JSON.stringify(value);
/** jsonb comes back parsed from both drivers; text from an older copy is parsed here. */
const parsed = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

const stepValues = (campaignId: number, step: SequenceStepInput, position: number) => ({
  campaign_id: campaignId,
  position,
  name: step.name,
  workflow_step_type: step.type,
  subject: step.subject,
  body: step.body,
  delay_days: step.delay_days,
  condition: step.condition,
  draft_template: step.draft_template,
});

export function campaignDefinitionsRepository(db: Db) {
  return {
    /** The campaign with its steps in order, landing pages in order and sender ids; undefined when unknown. */
    async definition(campaign: CampaignRow): Promise<DefinitionRow> {
      const [steps, pages, mailboxes] = await Promise.all([
        db
          .selectFrom('campaign_steps')
          .select([
            'id',
            'position',
            'name',
            'workflow_step_type',
            'subject',
            'body',
            'delay_days',
            'condition',
            'draft_template',
            'contacted',
          ])
          .where('campaign_id', '=', campaign.id)
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('landing_pages')
          .select(LANDING_PAGE_COLUMNS)
          .where('campaign_id', '=', campaign.id)
          .orderBy('position')
          .execute(),
        db
          .selectFrom('campaign_mailboxes')
          .select('email_account_id')
          .where('campaign_id', '=', campaign.id)
          .orderBy('email_account_id')
          .execute(),
      ]);
      return {
        campaign: {
          ...campaign,
          sending_days: parsed<number[]>(campaign.sending_days),
          brief: campaign.brief === null ? null : parsed<unknown>(campaign.brief),
        },
        steps,
        landingPages: pages,
        mailboxIds: mailboxes.map((m) => m.email_account_id),
      };
    },

    /** A new draft with its brief, first sequence and senders; answers its row. */
    createDraft(draft: NewDraft): Promise<CampaignRow> {
      return inTransaction(db, async (trx) => {
        const campaign = await trx
          .insertInto('campaigns')
          .values({
            user_id: draft.userId,
            name: draft.name,
            status: 'draft',
            is_active: false,
            language: draft.language,
            brief: json(draft.brief),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (draft.steps.length > 0)
          await trx
            .insertInto('campaign_steps')
            .values(draft.steps.map((step, i) => stepValues(campaign.id, step, i + 1)))
            .execute();
        if (draft.mailboxIds.length > 0)
          await trx
            .insertInto('campaign_mailboxes')
            .values(
              draft.mailboxIds.map((id) => ({ campaign_id: campaign.id, email_account_id: id })),
            )
            .execute();
        return campaign;
      });
    },

    /** The user's drafts, most recently changed first, with their step counts. */
    drafts(userId: number) {
      return db
        .selectFrom('campaigns')
        .select([
          'id',
          'name',
          'language',
          'updated_at',
          (eb) =>
            eb
              .selectFrom('campaign_steps')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('campaign_steps.campaign_id', '=', 'campaigns.id')
              .as('steps_count'),
        ])
        .where('user_id', '=', userId)
        .where('status', '=', 'draft')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Replaces the definition in one transaction: the campaign's settings and brief, its steps (a step whose id is
     * one of `keptStepIds` is updated in place and keeps its figures, the others are inserted, the rest deleted),
     * its senders and its landing pages.
     */
    save(
      campaignId: number,
      saved: SavedDefinition,
      keptStepIds: ReadonlySet<number>,
    ): Promise<void> {
      return inTransaction(db, async (trx) => {
        const { settings } = saved;
        await trx
          .updateTable('campaigns')
          .set({
            name: settings.name,
            language: settings.language,
            time_zone: settings.time_zone,
            sending_days: json(settings.sending_days),
            sending_start: settings.sending_start,
            sending_end: settings.sending_end,
            daily_cap: settings.daily_cap,
            stop_on_reply: settings.stop_on_reply,
            start_date: settings.start_date,
            track_opens: settings.track_opens,
            track_clicks: settings.track_clicks,
            spacing_min_seconds: settings.spacing_min_seconds,
            spacing_max_seconds: settings.spacing_max_seconds,
            brief: json(saved.brief),
            updated_at: new Date(),
          })
          .where('id', '=', campaignId)
          .execute();
        const kept = saved.steps.flatMap((step) =>
          step.id !== undefined && keptStepIds.has(step.id) ? [step.id] : [],
        );
        let removed = trx.deleteFrom('campaign_steps').where('campaign_id', '=', campaignId);
        if (kept.length > 0) removed = removed.where('id', 'not in', kept);
        await removed.execute();
        for (const [index, step] of saved.steps.entries()) {
          const values = stepValues(campaignId, step, index + 1);
          if (step.id !== undefined && keptStepIds.has(step.id))
            await trx.updateTable('campaign_steps').set(values).where('id', '=', step.id).execute();
          else await trx.insertInto('campaign_steps').values(values).execute();
        }
        await trx.deleteFrom('campaign_mailboxes').where('campaign_id', '=', campaignId).execute();
        if (settings.mailbox_ids.length > 0)
          await trx
            .insertInto('campaign_mailboxes')
            .values(
              settings.mailbox_ids.map((id) => ({ campaign_id: campaignId, email_account_id: id })),
            )
            .execute();
        await trx.deleteFrom('landing_pages').where('campaign_id', '=', campaignId).execute();
        if (saved.landingPages.length > 0)
          await trx
            .insertInto('landing_pages')
            .values(
              saved.landingPages.map((page, i) => ({
                ...page,
                campaign_id: campaignId,
                position: i + 1,
              })),
            )
            .execute();
      });
    },

    /** The campaign's prospects and, for each template variable, how many of them lack it. */
    async audience(
      campaignId: number,
    ): Promise<{ count: number; missing: Record<TemplateVariable, number> }> {
      const blank = (column: string) =>
        sql<number>`(count(*) filter (where coalesce(btrim(${sql.ref(column)}), '') = ''))::int`;
      const row = await db
        .selectFrom('prospects')
        .select([
          sql<number>`count(*)::int`.as('count'),
          blank('first_name').as('first_name'),
          blank('last_name').as('last_name'),
          blank('company_name').as('company'),
          blank('position').as('position'),
        ])
        .where('campaign_id', '=', campaignId)
        .executeTakeFirstOrThrow();
      const { count, ...missing } = row;
      return { count, missing };
    },

    /** The campaign's first prospects by id, with the fields the templates read. */
    samples(campaignId: number, limit: number) {
      return db
        .selectFrom('prospects')
        .select(['id', 'first_name', 'last_name', 'company_name', 'position', 'email'])
        .where('campaign_id', '=', campaignId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Moves the campaign from `from` to `to`; undefined when it is no longer in `from` (another move won). `then`
     * runs in the move's transaction once it is made (what the move does to the engine's sequences and jobs).
     */
    setStatus(
      campaignId: number,
      from: string,
      to: string,
      isActive: boolean,
      then?: (trx: Db) => Promise<unknown>,
    ): Promise<CampaignRow | undefined> {
      return inTransaction(db, async (trx) => {
        const moved = await trx
          .updateTable('campaigns')
          .set({ status: to, is_active: isActive, updated_at: new Date() })
          .where('id', '=', campaignId)
          .where('status', '=', from)
          .returningAll()
          .executeTakeFirst();
        if (moved && then) await then(trx);
        return moved;
      });
    },

    /** Deletes a campaign that is still a draft; false when it is not (anymore). */
    async deleteDraft(campaignId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('campaigns')
        .where('id', '=', campaignId)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type CampaignDefinitionsRepository = ReturnType<typeof campaignDefinitionsRepository>;

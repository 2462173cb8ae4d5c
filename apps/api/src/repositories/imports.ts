import { sql, type Selectable } from 'kysely';
import type { ImportedProspect, ImportRowReason, ImportState } from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';
import type { ImportsTable } from '../db/types';

export type ImportRow = Selectable<ImportsTable>;

export interface NewImportRow {
  row: number;
  prospect: ImportedProspect;
  reason: ImportRowReason | null;
  /** The cells as read, for the report should the row be refused. */
  cells: string[];
}

export interface ImportPatch {
  state?: ImportState;
  format?: 'csv' | 'xlsx' | null;
  encoding?: 'utf-8' | 'windows-1252' | null;
  delimiter?: ',' | ';' | '\t' | null;
  failed_step?: string | null;
  error_code?: string | null;
  error_detail?: string | null;
  other_campaigns?: string;
  row_count?: number;
  valid_count?: number;
  refused_count?: number;
  imported_count?: number;
  committed_through?: number;
  columns?: string[];
  mapping?: (string | null)[];
  first_rows?: string[][];
  by_reason?: Record<string, number>;
  progress_done?: number;
  progress_total?: number;
}

function patchValues(patch: ImportPatch) {
  const { columns, mapping, first_rows, by_reason, ...rest } = patch;
  return {
    ...rest,
    ...(columns ? { columns: JSON.stringify(columns) } : {}),
    ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
    ...(first_rows ? { first_rows: JSON.stringify(first_rows) } : {}),
    ...(by_reason ? { by_reason: JSON.stringify(by_reason) } : {}),
    updated_at: sql<Date>`now()`,
  };
}

export interface NewImport {
  campaignId: number;
  userId: number;
  createdBy: number;
  fileName: string;
  filePath: string;
  fileSize: number;
}

function createImport(db: Db, values: NewImport): Promise<ImportRow> {
  return db
    .insertInto('imports')
    .values({
      campaign_id: values.campaignId,
      user_id: values.userId,
      created_by: values.createdBy,
      file_name: values.fileName,
      file_path: values.filePath,
      file_size: values.fileSize,
      state: 'analysing',
      progress_total: values.fileSize,
      columns: '[]',
      mapping: '[]',
      first_rows: '[]',
      by_reason: '{}',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function updateImport(
  db: Db,
  id: number,
  from: readonly ImportState[],
  patch: ImportPatch,
): Promise<ImportRow | undefined> {
  return db
    .updateTable('imports')
    .set(patchValues(patch))
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/**
 * The imports of prospects (one uploaded file each), their rows once validated, the prospects they store, and the
 * customers' suppression lists. Every change of state is conditional on the state it leaves, so that two requests,
 * or a request and a job on another instance, cannot both move an import.
 */
export function importsRepository(db: Db) {
  return {
    create: (values: NewImport) => createImport(db, values),

    /** Creates an import, then runs `then` (adding its job) in the same transaction. */
    async createThen(
      values: NewImport,
      then: (row: ImportRow, trx: Db) => Promise<unknown>,
    ): Promise<ImportRow> {
      return inTransaction(db, async (trx) => {
        const row = await createImport(trx, values);
        await then(row, trx);
        return row;
      });
    },

    /** update, then `then` (adding a job) in the same transaction when the import moved. */
    async updateThen(
      id: number,
      from: readonly ImportState[],
      patch: ImportPatch,
      then: (trx: Db) => Promise<unknown>,
    ): Promise<ImportRow | undefined> {
      return inTransaction(db, async (trx) => {
        const row = await updateImport(trx, id, from, patch);
        if (row) await then(trx);
        return row;
      });
    },

    async find(id: number): Promise<ImportRow | undefined> {
      return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The newest imports of a campaign. */
    async ofCampaign(campaignId: number, limit = 20): Promise<ImportRow[]> {
      return db
        .selectFrom('imports')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The imports in one of `states` not updated for `seconds` (their progress is written at every batch). */
    async untouchedSince(states: readonly ImportState[], seconds: number): Promise<ImportRow[]> {
      return db
        .selectFrom('imports')
        .selectAll()
        .where('state', 'in', [...states])
        .where('updated_at', '<=', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .orderBy('id')
        .execute();
    },

    /** Applies `patch` when the import is in one of `from`; answers the updated import, or undefined. */
    update: (id: number, from: readonly ImportState[], patch: ImportPatch) =>
      updateImport(db, id, from, patch),

    /** The rows' refusal reasons among the first `upTo` rows (the preview of a validated import). */
    async reasonsUpTo(importId: number, upTo: number): Promise<Map<number, string | null>> {
      const rows = await db
        .selectFrom('import_rows')
        .select(['row_number', 'reason'])
        .where('import_id', '=', importId)
        .where('row_number', '<=', upTo)
        .execute();
      return new Map(rows.map((r) => [r.row_number, r.reason]));
    },

    async clearRows(importId: number): Promise<void> {
      await db.deleteFrom('import_rows').where('import_id', '=', importId).execute();
    },

    async addRows(importId: number, rows: readonly NewImportRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('import_rows')
        .values(
          rows.map((r) => ({
            import_id: importId,
            row_number: r.row,
            email: r.prospect.email,
            prospect: JSON.stringify(r.prospect),
            reason: r.reason,
            cells: JSON.stringify(r.cells),
          })),
        )
        .execute();
    },

    /**
     * The checks that need the database, on the rows still valid, in the order of the reasons: already in this
     * campaign, in another active campaign of the customer (when those are skipped), on the suppression list. One
     * slice of `slice` rows per statement, so that other requests' statements go between them (on the embedded
     * database a statement holds the event loop for its whole length).
     */
    async checkAgainstDatabase(
      importRow: Pick<ImportRow, 'id' | 'campaign_id' | 'user_id' | 'other_campaigns'>,
      lastRow: number,
      slice: number,
      /** Awaited before each slice (the import gives way to the requests there). */
      beforeSlice: () => Promise<void> = async () => {},
    ): Promise<void> {
      const { id, campaign_id: campaignId, user_id: userId } = importRow;
      for (let from = 0; from <= lastRow; from += slice) {
        await beforeSlice();
        const to = from + slice;
        await sql`
          update import_rows r set reason = 'already_in_campaign'
           where r.import_id = ${id} and r.row_number > ${from} and r.row_number <= ${to} and r.reason is null
             and exists (select 1 from prospects p where p.campaign_id = ${campaignId} and lower(p.email) = r.email)`.execute(
          db,
        );
        if (importRow.other_campaigns === 'skip')
          await sql`
            update import_rows r set reason = 'in_other_active_campaign'
             where r.import_id = ${id} and r.row_number > ${from} and r.row_number <= ${to} and r.reason is null
               and exists (select 1 from prospects p join campaigns c on c.id = p.campaign_id
                            where p.user_id = ${userId} and c.is_active and c.id <> ${campaignId}
                              and lower(p.email) = r.email)`.execute(db);
        await sql`
          update import_rows r set reason = s.reason
            from suppressions s
           where r.import_id = ${id} and r.row_number > ${from} and r.row_number <= ${to} and r.reason is null
             and s.user_id = ${userId} and s.email = r.email`.execute(db);
      }
    },

    /** The number of rows of each reason (valid rows under null). */
    async countsByReason(importId: number): Promise<{ reason: string | null; n: number }[]> {
      return db
        .selectFrom('import_rows')
        .select(['reason', sql<number>`count(*)::int`.as('n')])
        .where('import_id', '=', importId)
        .groupBy('reason')
        .execute();
    },

    /** The refused rows, in the file's order, a slice at a time. */
    async refusedRows(
      importId: number,
      after: number,
      limit: number,
    ): Promise<{ row_number: number; reason: string; cells: string[] }[]> {
      const rows = await db
        .selectFrom('import_rows')
        .select(['row_number', 'reason', 'cells'])
        .where('import_id', '=', importId)
        .where('reason', 'is not', null)
        .where('row_number', '>', after)
        .orderBy('row_number')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        row_number: r.row_number,
        reason: r.reason ?? '',
        cells: r.cells ?? [],
      }));
    },

    /**
     * Stores the next batch of valid rows after `through` as prospects of the campaign, with their tags, and the
     * import's progress, in one transaction. A row whose e-mail reached the campaign since the validation is
     * refused then. Answers the last row number handled and how many were stored, or null when there is nothing
     * left; throws when the import is no longer committing (cancelled meanwhile: the batch is rolled back).
     */
    async commitBatch(
      importRow: Pick<ImportRow, 'id' | 'campaign_id' | 'user_id'>,
      through: number,
      size: number,
    ): Promise<{ through: number; stored: number; skipped: number } | null> {
      const { id, campaign_id: campaignId, user_id: userId } = importRow;
      return inTransaction(db, async (trx) => {
        const last = await sql<{ last: number | null; n: number }>`
          select max(row_number) as last, count(*)::int as n from (
            select row_number from import_rows
             where import_id = ${id} and reason is null and row_number > ${through}
             order by row_number limit ${size}) batch`.execute(trx);
        const upTo = last.rows[0]?.last;
        if (upTo === null || upTo === undefined) return null;
        const batch = sql`
          select r.* from import_rows r
           where r.import_id = ${id} and r.reason is null and r.row_number > ${through} and r.row_number <= ${upTo}`;
        const late = await sql<{ row_number: number }>`
          update import_rows r set reason = 'already_in_campaign'
           where r.import_id = ${id} and r.reason is null and r.row_number > ${through} and r.row_number <= ${upTo}
             and exists (select 1 from prospects p where p.campaign_id = ${campaignId} and lower(p.email) = r.email)
          returning r.row_number`.execute(trx);
        const inserted = await sql<{ id: number; email: string }>`
          insert into prospects (campaign_id, user_id, import_id, title, first_name, last_name, email, phone,
                                 direct_line, linkedin, reference, position, prospecting_status, company_name,
                                 company_website, company_address)
          select ${campaignId}, ${userId}, ${id}, b.prospect->>'title', b.prospect->>'first_name',
                 b.prospect->>'last_name', b.prospect->>'email', b.prospect->>'phone', b.prospect->>'direct_line',
                 b.prospect->>'linkedin', b.prospect->>'reference', b.prospect->>'position', 'pending',
                 b.prospect->>'company_name', b.prospect->>'company_website', b.prospect->>'company_address'
            from (${batch}) b where b.reason is null
           order by b.row_number
          returning id, email`.execute(trx);
        // Tags: the labels of each stored prospect (its address is unique among the import's valid rows).
        const tagged = await sql<{ email: string; tags: string[] }>`
          select b.email, b.prospect->'tags' as tags from (${batch}) b
           where b.reason is null and jsonb_array_length(b.prospect->'tags') > 0`.execute(trx);
        if (tagged.rows.length > 0) {
          const tagsOf = new Map(tagged.rows.map((r) => [r.email, r.tags]));
          const prospectIds: number[] = [];
          const labels: string[] = [];
          for (const prospect of inserted.rows)
            for (const label of tagsOf.get(prospect.email) ?? []) {
              prospectIds.push(prospect.id);
              labels.push(label);
            }
          await sql`
            insert into tags (user_id, label)
            select distinct on (lower(l)) ${userId}, l from unnest(${labels}::text[]) as l
            on conflict (user_id, lower(label)) do nothing`.execute(trx);
          await sql`
            insert into prospect_tags (prospect_id, tag_id)
            select distinct x.prospect_id, tg.id
              from unnest(${prospectIds}::int[], ${labels}::text[]) as x(prospect_id, label)
              join tags tg on tg.user_id = ${userId} and lower(tg.label) = lower(x.label)
            on conflict do nothing`.execute(trx);
        }
        const stored = inserted.rows.length;
        const skipped = late.rows.length;
        const moved = await sql`
          update imports set committed_through = ${upTo}, imported_count = imported_count + ${stored},
                 valid_count = valid_count - ${skipped}, refused_count = refused_count + ${skipped},
                 progress_done = progress_done + ${stored + skipped}, updated_at = now()
           where id = ${id} and state = 'committing'`.execute(trx);
        if (Number(moved.numAffectedRows ?? 0) !== 1) throw new ImportNoLongerCommitting();
        return { through: upTo, stored, skipped };
      });
    },

    /** Removes up to `size` prospects stored by the import; answers how many. */
    async removeStoredBatch(importId: number, size: number): Promise<number> {
      const result = await sql`
        delete from prospects where id in (
          select id from prospects where import_id = ${importId} limit ${size})`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** Adds an address to a customer's suppression list (the sending engine's call; tests use it today). */
    async suppress(
      userId: number,
      email: string,
      reason: 'unsubscribed' | 'bounced',
    ): Promise<void> {
      await db
        .insertInto('suppressions')
        .values({ user_id: userId, email: email.trim().toLowerCase(), reason })
        .onConflict((oc) => oc.columns(['user_id', 'email']).doUpdateSet({ reason }))
        .execute();
    },
  };
}

/** The import left the committing state while a batch was stored (cancelled): the batch is rolled back. */
export class ImportNoLongerCommitting extends Error {
  constructor() {
    super('the import is no longer committing');
  }
}

import type { Schemas } from '@prospecta/domain/contract';
import { sql } from 'kysely';
import type { Db } from '../db/index';

/** The ids of uploads (their files' names). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type CampaignBrief = Schemas['CampaignBrief'];
type Audience = Schemas['Audience'];
export type UploadType = Schemas['UploadedFile']['content_type'];

/** A file stored on disk under UPLOAD_DIR/<id>: its metadata. */
export interface UploadRow {
  id: string;
  filename: string;
  size: number;
  content_type: UploadType;
}

export interface NewUpload extends UploadRow {
  sha256: string;
}

/** A submitted questionnaire: brief and audience as the contract shaped them when they were submitted. */
export interface SubmissionRow {
  id: number;
  created_at: Date;
  brief: CampaignBrief;
  audience: Audience;
}

/** The onboarding aggregate (§5): the questionnaire's uploaded files and its submissions, per user. */
export function onboardingRepository(db: Db) {
  return {
    async addUploads(
      userId: number,
      uploadedBy: number,
      files: readonly NewUpload[],
    ): Promise<void> {
      await db
        .insertInto('onboarding_uploads')
        .values(
          files.map((f) => ({
            id: f.id,
            user_id: userId,
            uploaded_by: uploadedBy,
            filename: f.filename,
            content_type: f.content_type,
            size: f.size,
            sha256: f.sha256,
          })),
        )
        .execute();
    },

    /** Which of these ids name an upload (the others are files no row names). */
    async existingIds(ids: readonly string[]): Promise<Set<string>> {
      const valid = ids.filter((id) => UUID.test(id));
      if (valid.length === 0) return new Set();
      const rows = await db
        .selectFrom('onboarding_uploads')
        .select('id')
        .where('id', 'in', valid)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Uploads older than `before` that the user's latest questionnaire does not name: removed from the form before
     * it was sent, or replaced by a later questionnaire.
     */
    async unnamedUploads(before: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('onboarding_uploads as u')
        .select('u.id')
        .where('u.created_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('onboarding_submissions as s')
                .select('s.id')
                .whereRef('s.user_id', '=', 'u.user_id')
                .where(
                  's.id',
                  '=',
                  selectFrom('onboarding_submissions as l')
                    .select((eb) => eb.fn.max('l.id').as('id'))
                    .whereRef('l.user_id', '=', 'u.user_id'),
                )
                .where(sql<boolean>`s.data->'brief'->'salesPresentation' ? u.id::text`),
            ),
          ),
        )
        .execute();
      return rows.map((r) => r.id);
    },

    /** Forgets these uploads (their files are the caller's to delete). */
    async deleteUploads(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .deleteFrom('onboarding_uploads')
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Bytes the user's uploads take on disk (their quota counts them). */
    async usedBytes(userId: number): Promise<number> {
      const row = await db
        .selectFrom('onboarding_uploads')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('used'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.used);
    },

    /** The user's uploads among `ids` (others' and unknown ids left out), in no particular order. */
    async uploadsOf(userId: number, ids: readonly string[]): Promise<UploadRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('onboarding_uploads')
        .select(['id', 'filename', 'size', 'content_type'])
        .where('user_id', '=', userId)
        .where('id', 'in', [...ids])
        .execute();
      // Only the sniffed types of the upload route are ever stored.
      return rows.map((r) => ({ ...r, content_type: r.content_type as UploadType }));
    },

    addSubmission(
      userId: number,
      submittedBy: number,
      answers: { brief: CampaignBrief; audience: Audience },
    ): Promise<{ id: number; created_at: Date }> {
      return db
        .insertInto('onboarding_submissions')
        .values({ user_id: userId, submitted_by: submittedBy, data: JSON.stringify(answers) })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** The user's latest submission, if any. */
    async lastSubmission(userId: number): Promise<SubmissionRow | undefined> {
      const row = await db
        .selectFrom('onboarding_submissions')
        .select(['id', 'data', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      // Stored from a body the contract validated (addSubmission); read back parsed or as text, depending on the driver.
      const { brief, audience } = (
        typeof row.data === 'string' ? JSON.parse(row.data) : row.data
      ) as { brief: CampaignBrief; audience: Audience };
      return { id: row.id, created_at: row.created_at, brief, audience };
    },
  };
}

export type OnboardingRepository = ReturnType<typeof onboardingRepository>;

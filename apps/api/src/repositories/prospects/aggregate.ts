import { sql } from 'kysely';
import { canTransition, STATUS_NAMES_EN, type ProspectStatus } from '@prospecta/domain';
import { inTransaction, type Db } from '../../db/index';
import type { ProspectRow, ProspectUpdate } from '../../db/types';
import type { Replacement, StatusOf, TagRow } from './rows';

/**
 * The prospects aggregate's writes and lookups: a prospect and its contact fields, status changes (with their history
 * entries), contact substitutions, tags and comments. Bound to a transaction, its writes join it.
 */
export function prospectAggregate(db: Db) {
  /**
   * Moves prospects to `to` when the shared rule set allows it, recording one status_change history entry each
   * (content: `note`, else the standard sentence), in one transaction. A prospect whose status changed since it was
   * read stays as it is. Returns the ids the rule allowed.
   */
  async function changeStatuses(
    prospects: readonly StatusOf[],
    to: ProspectStatus,
    note?: string,
  ): Promise<number[]> {
    const allowed = prospects.filter((p) =>
      canTransition(p.prospecting_status as ProspectStatus, to),
    );
    if (allowed.length === 0) return [];
    const now = new Date();
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < allowed.length; i += 1000) {
        const chunk = allowed.slice(i, i + 1000);
        const moved = await trx
          .updateTable('prospects')
          .set({ prospecting_status: to, updated_at: now, event_date: now })
          .where(
            'id',
            'in',
            chunk.map((p) => p.id),
          )
          .where('prospecting_status', 'in', [...new Set(chunk.map((p) => p.prospecting_status))])
          .returning(['id'])
          .execute();
        const movedIds = new Set(moved.map((m) => m.id));
        const entries = chunk
          .filter((p) => movedIds.has(p.id))
          .map((p) => ({
            prospect_id: p.id,
            type: 'status_change',
            content:
              note ??
              `Status changed from ${STATUS_NAMES_EN[p.prospecting_status as ProspectStatus]} to ${STATUS_NAMES_EN[to]}.`,
            direction: null,
            from_status: p.prospecting_status,
            to_status: to,
            event_date: now,
          }));
        if (entries.length) await trx.insertInto('history_entries').values(entries).execute();
      }
    });
    return allowed.map((p) => p.id);
  }

  return {
    findById(id: number): Promise<ProspectRow | undefined> {
      return db.selectFrom('prospects').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The user's prospect whose address is `address` (case-insensitive), e.g. the sender of a mail the mailbox watch
     * reads; the most recently active one when the same person is in several campaigns.
     */
    async findBySender(userId: number, address: string): Promise<number | null> {
      const row = await db
        .selectFrom('prospects')
        .select('id')
        .where('user_id', '=', userId)
        .where(sql`lower(email)`, '=', address.toLowerCase())
        .orderBy(sql`event_date desc nulls last`)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async update(id: number, set: ProspectUpdate): Promise<void> {
      await db.updateTable('prospects').set(set).where('id', '=', id).execute();
    },

    changeStatuses,

    /**
     * Contact substitution (§3), in one transaction: the replacement joins the old prospect's campaign (pending, with
     * its company, reference and score), each of the two gets a note (`notes`), and the old one moves to lost with
     * the history entry `notes.lost`. Answers the new prospect's id.
     */
    async substitute(
      old: ProspectRow,
      replacement: Replacement,
      reason: string,
      notes: { replaced: string; replaces: string; lost: string },
    ): Promise<number> {
      const now = new Date();
      return inTransaction(db, async (trx) => {
        const created = await trx
          .insertInto('prospects')
          .values({
            ...replacement,
            campaign_id: old.campaign_id,
            user_id: old.user_id,
            reference: old.reference,
            score: old.score,
            prospecting_status: 'pending',
            company_name: old.company_name,
            company_website: old.company_website,
            company_address: old.company_address,
            event_date: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('history_entries')
          .values([
            {
              prospect_id: old.id,
              type: 'note',
              content: notes.replaced,
              direction: null,
              data: JSON.stringify({ replaced_by: created.id, reason }),
              event_date: now,
            },
            {
              prospect_id: created.id,
              type: 'note',
              content: notes.replaces,
              direction: null,
              data: JSON.stringify({ replaces: old.id, reason }),
              event_date: now,
            },
          ])
          .execute();
        await trx
          .updateTable('prospects')
          .set({ event_date: now, updated_at: now })
          .where('id', '=', old.id)
          .execute();
        await prospectAggregate(trx).changeStatuses([old], 'lost', notes.lost);
        return created.id;
      });
    },

    // ── tags (per user; attached to prospects) ──

    /** The user's tags, by label (case-insensitive), then id. */
    tagsOf(userId: number): Promise<TagRow[]> {
      return db
        .selectFrom('tags')
        .select(['id', 'label'])
        .where('user_id', '=', userId)
        .orderBy(sql`lower(label)`)
        .orderBy('id')
        .execute();
    },

    findTag(id: number): Promise<{ id: number; user_id: number; label: string } | undefined> {
      return db
        .selectFrom('tags')
        .select(['id', 'user_id', 'label'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async deleteTag(id: number): Promise<void> {
      await db.deleteFrom('tags').where('id', '=', id).execute();
    },

    /**
     * The user's tag of that label (case-insensitive), created when missing. Concurrent creations of the same new
     * label: the unique index keeps one, the other reads it. Undefined when it was deleted meanwhile.
     */
    async findOrCreateTag(userId: number, label: string): Promise<TagRow | undefined> {
      const findTag = () =>
        db
          .selectFrom('tags')
          .select(['id', 'label'])
          .where('user_id', '=', userId)
          .where(sql`lower(label)`, '=', label.toLowerCase())
          .executeTakeFirst();
      return (
        (await findTag()) ??
        (await db
          .insertInto('tags')
          .values({ user_id: userId, label })
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'label'])
          .executeTakeFirst()) ??
        (await findTag())
      );
    },

    async attachTag(prospectId: number, tagId: number): Promise<void> {
      await db
        .insertInto('prospect_tags')
        .values({ prospect_id: prospectId, tag_id: tagId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async detachTag(prospectId: number, tagId: number): Promise<void> {
      await db
        .deleteFrom('prospect_tags')
        .where('prospect_id', '=', prospectId)
        .where('tag_id', '=', tagId)
        .execute();
    },

    // ── comments ──

    addComment(comment: {
      prospectId: number;
      authorId: number;
      content: string;
      activity: string | null;
    }) {
      return db
        .insertInto('comments')
        .values({
          prospect_id: comment.prospectId,
          author_id: comment.authorId,
          content: comment.content,
          activity: comment.activity,
        })
        .returning(['id', 'prospect_id', 'content', 'activity', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** The author of a comment of the prospect; undefined when the prospect has no such comment. */
    async commentAuthor(prospectId: number, commentId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('comments')
        .where('id', '=', commentId)
        .where('prospect_id', '=', prospectId)
        .select('author_id')
        .executeTakeFirst();
      return row?.author_id;
    },

    /** Deletes a comment of the prospect; false when the prospect has no such comment. */
    async deleteComment(prospectId: number, commentId: number): Promise<boolean> {
      const deleted = await db
        .deleteFrom('comments')
        .where('id', '=', commentId)
        .where('prospect_id', '=', prospectId)
        .returning('id')
        .executeTakeFirst();
      return deleted !== undefined;
    },
  };
}

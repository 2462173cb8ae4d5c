import { sql } from 'kysely';
import { inTransaction, type Db } from '../db/index';
import type { WebhookDeliveryRow, WebhookRow } from '../db/types';

export interface NewWebhook {
  user_id: number;
  url: string;
  events: readonly string[];
  description: string;
}

export interface NewDelivery {
  webhook_id: number;
  event: string;
  event_id: string;
  payload: Record<string, unknown>;
  attempt: number;
  outcome: 'succeeded' | 'failed';
  status_code: number | null;
  response_snippet: string | null;
  error: string | null;
  error_code: string | null;
  duration_ms: number;
}

/** Deliveries older than this leave the log as new ones are written. */
const LOG_DAYS = 30;

/** A customer's outgoing webhooks and their delivery log. */
export function webhooksRepository(db: Db) {
  return {
    ofUser(userId: number): Promise<WebhookRow[]> {
      return db
        .selectFrom('webhooks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    countOfUser: async (userId: number): Promise<number> => {
      const row = await db
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findById(id: number): Promise<WebhookRow | undefined> {
      return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The active webhooks of a customer subscribed to `event`. */
    async subscribed(userId: number, event: string): Promise<WebhookRow[]> {
      const rows = await db
        .selectFrom('webhooks')
        .selectAll()
        .where('user_id', '=', userId)
        .where('active', '=', true)
        .orderBy('id')
        .execute();
      return rows.filter((row) => row.events.includes(event));
    },

    /** Stores a webhook with its secret sealed for its id (`seal(id)`), in one transaction. */
    insert(values: NewWebhook, seal: (id: number) => string): Promise<WebhookRow> {
      return inTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('webhooks')
          .values({ ...values, events: JSON.stringify(values.events) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx
          .updateTable('webhooks')
          .set({ secret_enc: seal(inserted.id) })
          .where('id', '=', inserted.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    update(
      id: number,
      set: { url?: string; events?: readonly string[]; description?: string; active?: boolean },
    ): Promise<WebhookRow | undefined> {
      const { events, ...rest } = set;
      return db
        .updateTable('webhooks')
        .set({
          ...rest,
          ...(events ? { events: JSON.stringify(events) } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    setSecret(id: number, secretEnc: string): Promise<WebhookRow | undefined> {
      return db
        .updateTable('webhooks')
        .set({ secret_enc: secretEnc, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Records one attempt; the log's entries older than 30 days leave on the way. */
    async recordDelivery(values: NewDelivery): Promise<void> {
      await db
        .insertInto('webhook_deliveries')
        .values({ ...values, payload: JSON.stringify(values.payload) })
        .execute();
      await db
        .deleteFrom('webhook_deliveries')
        .where('created_at', '<', sql<Date>`now() - make_interval(days => ${LOG_DAYS})`)
        .execute();
    },

    /** The newest `limit` attempts of a webhook, newest first. */
    deliveries(webhookId: number, limit: number): Promise<WebhookDeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

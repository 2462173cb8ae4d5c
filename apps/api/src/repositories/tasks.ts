import { sql } from 'kysely';
import { TASK_CLOSING_EVENT, TASK_LIST_LIMIT } from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';
import { campaignEventsRepository } from './campaign-events';

/** A task with what its lists show: its prospect, campaign and step. */
export interface TaskRow {
  id: number;
  user_id: number;
  campaign_id: number;
  step_id: number;
  prospect_id: number;
  type: string;
  body: string;
  due_at: Date;
  state: string;
  done_at: Date | null;
  first_name: string;
  last_name: string;
  company_name: string;
  linkedin: string | null;
  campaign_name: string;
  step_position: number;
  step_name: string;
}

export type TaskClosing = keyof typeof TASK_CLOSING_EVENT;

/**
 * The LinkedIn tasks aggregate (decisions 0160, 0173): the steps nothing sends, which the customer does by hand.
 * The planner creates them; here they are read and closed, each closing with its event in one transaction.
 */
export function tasksRepository(db: Db) {
  const withDetails = (from: Db) =>
    from
      .selectFrom('tasks as t')
      .innerJoin('prospects as p', 'p.id', 't.prospect_id')
      .innerJoin('campaigns as c', 'c.id', 't.campaign_id')
      .innerJoin('campaign_steps as s', 's.id', 't.step_id')
      .select([
        't.id',
        't.user_id',
        't.campaign_id',
        't.step_id',
        't.prospect_id',
        't.type',
        't.body',
        't.due_at',
        't.state',
        't.done_at',
        'p.first_name',
        'p.last_name',
        'p.company_name',
        'p.linkedin',
        'c.name as campaign_name',
        's.position as step_position',
        's.name as step_name',
      ]);

  const toRow = (
    r: Awaited<ReturnType<ReturnType<typeof withDetails>['executeTakeFirstOrThrow']>>,
  ) =>
    ({
      ...r,
      due_at: new Date(r.due_at),
      done_at: r.done_at === null ? null : new Date(r.done_at),
    }) satisfies TaskRow;

  return {
    /** The user's open tasks (of one prospect when given), due first, at most TASK_LIST_LIMIT, and their count. */
    async open(
      userId: number,
      prospectId: number | null = null,
    ): Promise<{ count: number; tasks: TaskRow[] }> {
      let listed = withDetails(db)
        .where('t.user_id', '=', userId)
        .where('t.state', '=', 'open')
        .orderBy('t.due_at')
        .orderBy('t.id')
        .limit(TASK_LIST_LIMIT);
      let counted = db
        .selectFrom('tasks')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('state', '=', 'open');
      if (prospectId !== null) {
        listed = listed.where('t.prospect_id', '=', prospectId);
        counted = counted.where('prospect_id', '=', prospectId);
      }
      const [rows, count] = await Promise.all([
        listed.execute(),
        counted.executeTakeFirstOrThrow(),
      ]);
      return { count: count.n, tasks: rows.map(toRow) };
    },

    async findById(id: number): Promise<TaskRow | undefined> {
      const row = await withDetails(db).where('t.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /**
     * Closes an open task (done or skipped) by `userId` and records its event (`task_done` counts the prospect as
     * contacted on the step), in one transaction. Answers the closed task, or undefined when it was not open any
     * more (another tab, another person closed it first).
     */
    async close(id: number, state: TaskClosing, userId: number, at = new Date()) {
      return inTransaction(db, async (trx) => {
        const closed = await trx
          .updateTable('tasks')
          .set({ state, done_at: at, done_by: userId })
          .where('id', '=', id)
          .where('state', '=', 'open')
          .returning(['campaign_id', 'prospect_id', 'step_id'])
          .executeTakeFirst();
        if (!closed) return undefined;
        await campaignEventsRepository(trx).record([
          {
            type: TASK_CLOSING_EVENT[state],
            campaignId: closed.campaign_id,
            prospectId: closed.prospect_id,
            stepId: closed.step_id,
            data: { task_id: id, by: userId },
            at,
          },
        ]);
        const row = await withDetails(trx).where('t.id', '=', id).executeTakeFirstOrThrow();
        return toRow(row);
      });
    },
  };
}

export type TasksRepository = ReturnType<typeof tasksRepository>;

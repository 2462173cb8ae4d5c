import { defineRoute, json, type RouteDef } from '../http/route';
import { conflict, notFound } from '../http/errors';
import { serializeTask } from '../domain/serialize';
import { canReach, dbId, principalOf, targetUser } from './access';

/** The open LinkedIn tasks of a user (of one prospect with `prospect_id`), due first (decision 0173). */
const listUserTasks = defineRoute('get', '/api/v1/users/{id}/tasks', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const prospectId = ctx.query.prospect_id;
  const { count, tasks } = await ctx.services.repos.tasks.open(
    user.id,
    prospectId === undefined ? null : dbId(prospectId),
  );
  return json(200, { open_count: count, tasks: tasks.map(serializeTask) });
});

/** Done or skipped: closes an open task with its event; a closed one answers 409, another customer's 404. */
const updateTask = defineRoute('patch', '/api/v1/tasks/{taskId}', async (ctx) => {
  const me = principalOf(ctx);
  const id = dbId(ctx.params.taskId);
  const { tasks } = ctx.services.repos;
  const task = await tasks.findById(id);
  if (!task || !canReach(me, task.user_id)) throw notFound('Task');
  if (task.state !== 'open') throw conflict('This task is already closed.');
  const closed = await tasks.close(task.id, ctx.body.state, me.id);
  if (!closed) throw conflict('This task is already closed.');
  return json(200, serializeTask(closed));
});

export const taskRoutes: RouteDef[] = [listUserTasks, updateTask];

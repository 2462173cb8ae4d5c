import { deliveryErrorCode, MAX_WEBHOOKS_PER_USER, WEBHOOK_LOG_SIZE } from '@prospecta/domain';
import type {
  Webhook,
  WebhookDelivery,
  WebhookErrorCode,
  WebhookEvent,
} from '@prospecta/domain/contract';
import { defineRoute, json, noContent, type BaseContext, type RouteDef } from '../http/route';
import { HttpError, notFound } from '../http/errors';
import type { WebhookDeliveryRow, WebhookRow } from '../db/types';
import {
  checkWebhookUrl,
  newWebhookSecret,
  secretAad,
  sendTestEvent,
  WebhookUrlError,
} from '../webhooks/index';
import { dbId, isDbId, targetUser } from './access';

/**
 * A customer's outgoing webhooks (staff only: the contract's security refuses customers with 403): their URL,
 * events and switch, the secret shown once (at creation and rotation), the delivery log and the test event.
 */

function refused(code: WebhookErrorCode, detail: string): HttpError {
  return new HttpError(422, detail, { detail, code });
}

function serializeWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    user_id: row.user_id,
    url: row.url,
    events: row.events as WebhookEvent[],
    description: row.description,
    active: row.active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function serializeDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    event: row.event,
    event_id: row.event_id,
    attempt: row.attempt,
    outcome: row.outcome === 'succeeded' ? 'succeeded' : 'failed',
    status_code: row.status_code,
    response_snippet: row.response_snippet,
    error: row.error,
    error_code:
      row.error === null && row.error_code === null ? null : deliveryErrorCode(row.error_code),
    duration_ms: row.duration_ms,
    created_at: row.created_at.toISOString(),
  };
}

/** The URL as stored, once it passes the address rules; a refusal answers 422 with its code. */
async function checkedUrl(ctx: BaseContext, raw: string): Promise<string> {
  try {
    return (await checkWebhookUrl(ctx.services.mailHosts, raw)).url.toString();
  } catch (error) {
    if (error instanceof WebhookUrlError) throw refused(error.code, error.message);
    throw error;
  }
}

async function webhookOf(ctx: BaseContext, id: number): Promise<WebhookRow> {
  const row = isDbId(id) ? await ctx.services.repos.webhooks.findById(id) : undefined;
  if (!row) throw notFound('Webhook');
  return row;
}

const listWebhooks = defineRoute('get', '/api/v1/users/{id}/webhooks', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const rows = await ctx.services.repos.webhooks.ofUser(user.id);
  return json(200, { webhooks: rows.map(serializeWebhook) });
});

const createWebhook = defineRoute('post', '/api/v1/users/{id}/webhooks', async (ctx) => {
  const user = await targetUser(ctx, dbId(ctx.params.id));
  const { webhooks } = ctx.services.repos;
  const url = await checkedUrl(ctx, ctx.body.url);
  if ((await webhooks.countOfUser(user.id)) >= MAX_WEBHOOKS_PER_USER)
    throw refused('too_many_webhooks', `A customer has at most ${MAX_WEBHOOKS_PER_USER} webhooks.`);
  const secret = newWebhookSecret();
  const row = await webhooks.insert(
    {
      user_id: user.id,
      url,
      events: [...new Set(ctx.body.events)],
      description: (ctx.body.description ?? '').trim(),
    },
    (id) => ctx.services.secretBox.encrypt(secret, secretAad(id)),
  );
  return json(201, { webhook: serializeWebhook(row), secret });
});

const updateWebhook = defineRoute('patch', '/api/v1/webhooks/{id}', async (ctx) => {
  const hook = await webhookOf(ctx, dbId(ctx.params.id));
  const { body } = ctx;
  const row = await ctx.services.repos.webhooks.update(hook.id, {
    ...(body.url !== undefined ? { url: await checkedUrl(ctx, body.url) } : {}),
    ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
    ...(body.description !== undefined ? { description: body.description.trim() } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  });
  if (!row) throw notFound('Webhook');
  return json(200, serializeWebhook(row));
});

const deleteWebhook = defineRoute('delete', '/api/v1/webhooks/{id}', async (ctx) => {
  const hook = await webhookOf(ctx, dbId(ctx.params.id));
  if (!(await ctx.services.repos.webhooks.remove(hook.id))) throw notFound('Webhook');
  return noContent();
});

const rotateWebhookSecret = defineRoute('post', '/api/v1/webhooks/{id}/secret', async (ctx) => {
  const hook = await webhookOf(ctx, dbId(ctx.params.id));
  const secret = newWebhookSecret();
  const row = await ctx.services.repos.webhooks.setSecret(
    hook.id,
    ctx.services.secretBox.encrypt(secret, secretAad(hook.id)),
  );
  if (!row) throw notFound('Webhook');
  return json(200, { webhook: serializeWebhook(row), secret });
});

const listWebhookDeliveries = defineRoute(
  'get',
  '/api/v1/webhooks/{id}/deliveries',
  async (ctx) => {
    const hook = await webhookOf(ctx, dbId(ctx.params.id));
    const rows = await ctx.services.repos.webhooks.deliveries(hook.id, WEBHOOK_LOG_SIZE);
    return json(200, { deliveries: rows.map(serializeDelivery) });
  },
);

const sendWebhookTest = defineRoute('post', '/api/v1/webhooks/{id}/test', async (ctx) => {
  const hook = await webhookOf(ctx, dbId(ctx.params.id));
  return json(202, { event_id: await sendTestEvent(ctx.services, hook) });
});

export const webhookRoutes: RouteDef[] = [
  listWebhooks,
  createWebhook,
  updateWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  listWebhookDeliveries,
  sendWebhookTest,
];

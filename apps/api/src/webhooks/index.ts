/**
 * Outgoing webhooks: a customer's events (a reply received, a prospect's status changed, a campaign finished) POSTed
 * as signed JSON to the URLs staff set, through the job queue (`webhooks.deliver`: retries with backoff), every
 * attempt in the webhook's delivery log. Decision 0185 (model and signature), 0186 (address rules), 0187 (emission).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryEvent,
} from '@prospecta/domain';
import type {
  WebhookDeliveryErrorCode,
  WebhookErrorCode,
  WebhookEvent,
} from '@prospecta/domain/contract';
import type { CampaignRow, ProspectRow, WebhookRow } from '../db/types';
import type { Services } from '../http/route';
import { MailHostRefused, type MailHostGuard, type ResolvedHost } from '../integrations/mail-hosts';
import type { JobContext } from '../jobs/queue';

/** Seconds an attempt waits for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Characters of the answer's body kept in the log. */
const SNIPPET_CHARS = 500;
/** Bytes of the answer read at most (the rest is dropped unread). */
const MAX_READ_BYTES = 16 * 1024;

export type WebhookJob = {
  webhookId: number;
  event: WebhookDeliveryEvent;
  /** The event body as sent: the same on every attempt (its `id` lets a receiver drop repeats). */
  body: WebhookBody;
};

export interface WebhookBody {
  id: string;
  type: WebhookDeliveryEvent;
  created_at: string;
  user_id: number;
  data: Record<string, unknown>;
}

export const secretAad = (webhookId: number) => `webhook:${webhookId}`;

/** A new signing secret: `whsec_` and 32 random bytes in hex. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export class WebhookUrlError extends Error {
  override name = 'WebhookUrlError';
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A webhook URL checked: http or https, no credentials, and its host resolved under the mail servers' address
 * rules (mail-hosts.ts, any port). Answers the URL and the address to connect to, or WebhookUrlError.
 */
export async function checkWebhookUrl(
  guard: MailHostGuard,
  raw: string,
): Promise<{ url: URL; at: ResolvedHost }> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookUrlError('url_invalid', 'The webhook URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookUrlError('url_invalid', 'A webhook URL must start with https:// or http://.');
  if (url.username || url.password)
    throw new WebhookUrlError(
      'url_invalid',
      'A webhook URL must not carry a user name or password.',
    );
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  try {
    return { url, at: await guard.resolveAddress(host, port) };
  } catch (error) {
    if (!(error instanceof MailHostRefused)) throw error;
    throw new WebhookUrlError(
      'url_refused',
      error.refusal === 'unresolved'
        ? `The host ${host} of the webhook URL does not resolve.`
        : `The host ${host} of the webhook URL is not a public address this server may connect to.`,
    );
  }
}

export function webhookProspect(prospect: ProspectRow) {
  return {
    id: prospect.id,
    first_name: prospect.first_name,
    last_name: prospect.last_name,
    email: prospect.email,
    company_name: prospect.company_name,
    status: prospect.prospecting_status,
  };
}

export function webhookCampaign(campaign: CampaignRow) {
  return { id: campaign.id, name: campaign.name, status: campaign.status };
}

function bodyOf(
  userId: number,
  event: WebhookDeliveryEvent,
  data: Record<string, unknown>,
): WebhookBody {
  return {
    id: `evt_${randomUUID()}`,
    type: event,
    created_at: new Date().toISOString(),
    user_id: userId,
    data,
  };
}

/**
 * Queues `event` to every active webhook of the customer subscribed to it. Called after the change committed (its
 * caller's transaction is not the queue's): a crash in between loses the event, never sends one that did not happen.
 * A failure to queue is logged, never the caller's failure.
 */
export async function emitWebhookEvent(
  services: Pick<Services, 'repos' | 'jobs' | 'log'>,
  userId: number,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    const hooks = await services.repos.webhooks.subscribed(userId, event);
    if (hooks.length === 0) return;
    const body = bodyOf(userId, event, data);
    for (const hook of hooks)
      await services.jobs.send('webhooks.deliver', { webhookId: hook.id, event, body });
  } catch (error) {
    services.log.error({ err: error, event, userId }, 'webhook event not queued');
  }
}

/**
 * `prospect.status_changed` for each moved prospect of a customer (read again: its campaign and new status); nothing
 * is read when no webhook of the customer listens, so a batch move of many prospects costs one query then.
 */
export async function emitStatusChanges(
  services: Pick<Services, 'repos' | 'jobs' | 'log'>,
  userId: number,
  moves: readonly { id: number; from: string }[],
  to: string,
): Promise<void> {
  if (moves.length === 0) return;
  try {
    const listening = await services.repos.webhooks.subscribed(userId, 'prospect.status_changed');
    if (listening.length === 0) return;
    for (const move of moves) {
      const prospect = await services.repos.prospects.findById(move.id);
      const campaign = prospect && (await services.repos.campaigns.findById(prospect.campaign_id));
      if (!prospect || !campaign) continue;
      await emitWebhookEvent(services, userId, 'prospect.status_changed', {
        prospect: webhookProspect(prospect),
        campaign: webhookCampaign(campaign),
        from_status: move.from,
        to_status: to,
      });
    }
  } catch (error) {
    // The moves are committed: a failure here loses their events, never the request.
    services.log.error({ err: error, userId }, 'status change webhook events not queued');
  }
}

/** `campaign.finished` for a campaign that just finished (the lifecycle call, or the planner completing it). */
export async function emitCampaignFinished(
  services: Pick<Services, 'repos' | 'jobs' | 'log'>,
  campaignId: number,
): Promise<void> {
  try {
    const campaign = await services.repos.campaigns.findById(campaignId);
    if (campaign)
      await emitWebhookEvent(services, campaign.user_id, 'campaign.finished', {
        campaign: webhookCampaign(campaign),
      });
  } catch (error) {
    services.log.error({ err: error, campaignId }, 'campaign.finished webhook event not queued');
  }
}

/** The moves of `candidates` whose ids `moved` names, with the status each left. */
export function movesOf(
  candidates: readonly { id: number; prospecting_status: string }[],
  moved: readonly number[],
): { id: number; from: string }[] {
  const ids = new Set(moved);
  return candidates
    .filter((c) => ids.has(c.id))
    .map((c) => ({ id: c.id, from: c.prospecting_status }));
}

/** The test call's event to one webhook, whatever its events and switch. */
export async function sendTestEvent(services: Services, hook: WebhookRow): Promise<string> {
  const body = bodyOf(hook.user_id, WEBHOOK_TEST_EVENT, { webhook_id: hook.id });
  await services.jobs.send('webhooks.deliver', {
    webhookId: hook.id,
    event: WEBHOOK_TEST_EVENT,
    body,
  });
  return body.id;
}

interface Answer {
  statusCode: number;
  snippet: string;
}

/** One POST to the checked address (never to a second lookup of the name); no redirect is followed. */
function post(
  url: URL,
  at: ResolvedHost,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<Answer> {
  const lookup: LookupFunction = (_host, options, callback) => {
    const family = at.address.includes(':') ? 6 : 4;
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: at.address, family },
      ]);
    else callback(null, at.address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup,
        signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_READ_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_READ_BYTES) response.destroy();
        });
        const done = () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            snippet: Buffer.concat(chunks).toString('utf8').slice(0, SNIPPET_CHARS),
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Node's codes of a TLS failure (a certificate refused, a handshake that failed). */
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/** Why an attempt got no answer: its code for the app and its English detail for the log. */
function failureOf(error: unknown): { code: WebhookDeliveryErrorCode; text: string } {
  if (error instanceof WebhookUrlError)
    return {
      code: error.code === 'url_refused' ? 'url_refused' : 'url_invalid',
      text: error.message,
    };
  if (error instanceof Error) {
    if (error.name === 'AbortError' || error.name === 'TimeoutError')
      return { code: 'timeout', text: `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.` };
    const code = (error as { code?: string }).code;
    const text = code ? `${code}: ${error.message}` : error.message;
    if (code && TLS_CODE.test(code)) return { code: 'tls_failed', text };
    return { code: code ? 'connection_failed' : 'failed', text };
  }
  return { code: 'failed', text: String(error) };
}

/**
 * One attempt of the `webhooks.deliver` job: the URL checked again (DNS may have changed), the body signed with the
 * current secret and POSTed, the attempt logged. Anything but a 2xx answer throws, so that the queue retries.
 */
export async function deliverWebhook(
  services: Pick<Services, 'repos' | 'secretBox' | 'mailHosts'>,
  job: WebhookJob,
  context: Pick<JobContext, 'attempt' | 'signal'>,
): Promise<void> {
  const { webhooks } = services.repos;
  const hook = await webhooks.findById(job.webhookId);
  // Removed since: nothing to deliver to.
  if (!hook || !hook.secret_enc) return;
  const body = JSON.stringify(job.body);
  const started = performance.now();
  let answer: Answer | null = null;
  let error: string | null = null;
  let errorCode: WebhookDeliveryErrorCode | null = null;
  try {
    const { url, at } = await checkWebhookUrl(services.mailHosts, hook.url);
    const secret = services.secretBox.decrypt(hook.secret_enc, secretAad(hook.id));
    const timestamp = Math.floor(Date.now() / 1000);
    answer = await post(
      url,
      at,
      {
        'Content-Type': 'application/json',
        'User-Agent': 'Prospecta-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body),
      },
      body,
      context.signal,
    );
  } catch (caught) {
    ({ code: errorCode, text: error } = failureOf(caught));
  }
  const ok = answer !== null && answer.statusCode >= 200 && answer.statusCode < 300;
  if (answer && answer.statusCode >= 300 && answer.statusCode < 400) {
    error = 'A redirect is not followed: the webhook URL must answer itself.';
    errorCode = 'redirect';
  }
  await webhooks.recordDelivery({
    webhook_id: hook.id,
    event: job.event,
    event_id: job.body.id,
    payload: job.body as unknown as Record<string, unknown>,
    attempt: context.attempt + 1,
    outcome: ok ? 'succeeded' : 'failed',
    status_code: answer?.statusCode ?? null,
    response_snippet: answer?.snippet ?? null,
    error,
    error_code: errorCode,
    duration_ms: Math.round(performance.now() - started),
  });
  if (!ok)
    throw new Error(
      `webhook ${hook.id} ${job.event}: ${error ?? `answered ${answer?.statusCode ?? '?'}`}`,
    );
}

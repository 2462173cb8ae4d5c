import { HttpError } from '../http/errors';
import { defineRoute, type RouteDef } from '../http/route';
import { principalOf, targetUser } from './access';

/**
 * The signed-in user's live event stream (http/live.ts): the access token is checked when the stream opens, like any
 * call's; the stream then lives as long as its sign-in (it ends when the sign-in ends, on every instance).
 */
const streamLiveEvents = defineRoute('get', '/api/v1/live', async (ctx) => {
  const me = principalOf(ctx);
  // Staff may follow the customer they look at besides themselves; a customer only themselves (403 otherwise).
  const other = ctx.query.user_id !== undefined ? await targetUser(ctx, ctx.query.user_id) : null;
  const header = ctx.req.headers['last-event-id'];
  const lastEventId = typeof header === 'string' && header.length <= 400 ? header : null;
  const outcome = await ctx.services.live.open({
    userId: me.id,
    // Every access token names its sign-in (plugins/auth.ts refuses one that does not).
    sessionId: me.sessionId ?? '',
    users: other ? [me.id, other.id] : [me.id],
    lastEventId,
  });
  if ('refused' in outcome)
    throw new HttpError(
      429,
      outcome.refused === 'user'
        ? 'Too many live streams are open for this user.'
        : 'This server holds as many live streams as it may.',
      undefined,
      { 'retry-after': String(outcome.retryAfterSeconds) },
    );
  const { raw } = ctx.reply;
  // The stream is written as events come, with heartbeats: the idle-socket timeout (REQUEST_TIMEOUT) is not for it.
  ctx.req.raw.socket?.setTimeout(0);
  // A client gone before the stream was handed over still releases it.
  raw.once('close', () => outcome.stream.destroy());
  return {
    status: 200,
    stream: outcome.stream,
    contentType: 'text/event-stream; charset=utf-8',
    headers: {
      'cache-control': 'no-cache, no-transform',
      // Proxies that buffer answers (nginx) pass this one through as it is written.
      'x-accel-buffering': 'no',
    },
  };
});

export const liveRoutes: RouteDef[] = [streamLiveEvents];

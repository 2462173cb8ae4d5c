import { defineRoute, json, type RouteDef } from '../http/route';
import { conflict, notFound } from '../http/errors';
import { findCaughtMail, listCaughtMails } from '../mail/catcher';
import { listOutbox } from '../mail/mailer';
import { dbId, isDbId } from './access';
import { INBOX_STATUSES } from '@prospecta/domain';

/**
 * The local outbox (password-reset codes land here when SMTP_URL is unset). It hands out reset
 * codes without a token, so it exists only when DEV_OUTBOX=true in development or CI (loadConfig
 * refuses DEV_OUTBOX elsewhere; the environment is checked again here).
 */
const listDevOutbox = defineRoute('get', '/api/dev/outbox', async (ctx) => {
  const { config, db } = ctx.services;
  const devEnvironment = config.environment === 'development' || config.environment === 'ci';
  if (!config.devOutbox || !devEnvironment || config.smtpUrl) throw notFound('Outbox');
  return json(200, await listOutbox(db));
});

/** Development and CI only: a prospect answers, as the campaign engine would record it (see the contract). */
const addDevInboxAnswer = defineRoute('post', '/api/dev/inbox-answers', async (ctx) => {
  const { config, repos } = ctx.services;
  if (config.environment !== 'development' && config.environment !== 'ci') throw notFound('Route');
  const { body } = ctx;
  const user = await repos.users.findByEmail(body.email.trim().toLowerCase());
  if (!user) throw notFound('User');
  let prospectId: number;
  if (body.prospect_id !== undefined) {
    const prospect = isDbId(body.prospect_id)
      ? await repos.prospects.findById(body.prospect_id)
      : undefined;
    if (!prospect || prospect.user_id !== user.id) throw notFound('Prospect');
    if (!(INBOX_STATUSES as readonly string[]).includes(prospect.prospecting_status)) {
      throw conflict(
        `The prospect is ${prospect.prospecting_status}: only pending, ongoing or to-call prospects have answers to handle.`,
      );
    }
    prospectId = prospect.id;
  } else {
    const [next] = await repos.inbox.prospectsWithoutAnswer(user.id, 1);
    if (!next)
      throw conflict('Every ongoing or to-call prospect of this user has already answered.');
    prospectId = next.id;
  }
  const [messageId] = await repos.inbox.addAnswers([
    {
      prospectId,
      userId: user.id,
      content: body.content,
      channel: body.channel ?? 'email',
      receivedAt: new Date(),
      ...(body.label ? { label: body.label, data: { label: body.label } } : {}),
    },
  ]);
  return json(201, { message_id: messageId, prospect_id: prospectId, user_id: user.id });
});

/**
 * The local mail catcher's mails (staff; the dev operations exist in development and CI only, and the catcher is
 * refused elsewhere). 404 when the catcher is off: the web app then shows no link to its page.
 */
const listCaughtMailsRoute = defineRoute('get', '/api/dev/caught-mails', async (ctx) => {
  const { services } = ctx;
  if (!services.mailCatcher) throw notFound('Mail catcher');
  return json(200, { items: await listCaughtMails(services.db, ctx.query.limit ?? 100) });
});

const getCaughtMailRoute = defineRoute('get', '/api/dev/caught-mails/{id}', async (ctx) => {
  const { services } = ctx;
  if (!services.mailCatcher) throw notFound('Mail catcher');
  const mail = await findCaughtMail(services.db, dbId(ctx.params.id));
  if (!mail) throw notFound('Caught mail');
  return json(200, mail);
});

export const devRoutes: RouteDef[] = [
  listDevOutbox,
  addDevInboxAnswer,
  listCaughtMailsRoute,
  getCaughtMailRoute,
];

import { isSendableAnswer, type AnswerErrorCode } from '@prospecta/domain';
import { serializeHistory } from '../domain/serialize';
import { answerMessage } from '../engine/answer';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { defineRoute, json, type RouteDef } from '../http/route';
import { copyToSent, rawMail } from '../integrations/sent-copy';
import { dbId, principalOf, targetUser } from './access';

/** The status of each refusal: the request (422), a running attempt (409), the mail server (502, 504). */
const ANSWER_STATUS = {
  answer_mailbox_invalid: 422,
  answer_mailbox_paused: 422,
  answer_no_mailbox: 422,
  answer_not_email: 422,
  answer_refused: 502,
  answer_credentials_refused: 502,
  answer_timeout: 504,
  answer_failed: 502,
  answer_in_progress: 409,
} as const satisfies Record<AnswerErrorCode, number>;

/** A prospect's e-mail answered from the inbox, sent at once (decision 0225, engine/answer.ts). */
const answerInboxMessage = defineRoute(
  'post',
  '/api/v1/users/{id}/inbox-messages/{messageId}/answers',
  async (ctx) => {
    const me = principalOf(ctx);
    const userId = dbId(ctx.params.id);
    // Only the user writes from their own mailboxes: staff reading a customer's inbox do not.
    if (userId !== me.id) {
      if (me.isStaff) await targetUser(ctx, userId);
      throw forbidden('Only the user can answer from their own inbox.');
    }
    const { repos, db, secretBox, mailHosts, oauth, mailCatcher, userSmtp, log } = ctx.services;
    const message = await repos.inboxAnswers.answeredMessage(me.id, dbId(ctx.params.messageId));
    if (!message) throw notFound('Message');
    if (!isSendableAnswer(ctx.body.body)) throw badRequest('The answer is blank.');
    const chosen = ctx.body.email_account_id ?? null;
    const outcome = await answerMessage(
      {
        db,
        secretBox,
        mailHosts,
        oauth,
        catcher: mailCatcher,
        ...(userSmtp ? { smtp: userSmtp } : {}),
        repos,
        copyToSent: async (account, mail, at) => {
          const copied = await copyToSent(
            { db, secretBox, mailHosts, oauth },
            account,
            await rawMail(mail, at),
            at,
            ctx.services.mailWatchConnection,
          );
          if (copied.kind === 'failed') {
            log.warn(
              { accountId: account.id, code: copied.error, detail: copied.detail },
              'answer sent, but not copied into the Sent folder',
            );
            await repos.integrations.recordSentCopy(account.id, copied.error, at);
          } else if (account.sent_copy_error !== null) {
            await repos.integrations.recordSentCopy(account.id, null);
          }
        },
      },
      {
        userId: me.id,
        messageId: message.entryId,
        body: ctx.body.body,
        emailAccountId: chosen === null ? null : dbId(chosen),
        key: ctx.body.idempotency_key,
      },
      message,
    );
    if (outcome.kind === 'refused') {
      ctx.req.log.warn({ code: outcome.code, detail: outcome.detail }, 'answer not sent');
      throw new HttpError(ANSWER_STATUS[outcome.code], outcome.detail, {
        detail: outcome.detail,
        code: outcome.code,
      });
    }
    const entry = await repos.inboxAnswers.historyEntry(outcome.historyEntryId);
    const history = serializeHistory({ ...entry, from_status: null, to_status: null });
    if (history.type === 'status_change') throw new Error('an answer is an e-mail entry');
    return json(outcome.replayed ? 200 : 201, {
      history_entry: history,
      email_account_id: outcome.emailAccountId,
      from: outcome.mail.from.address,
      to: outcome.mail.to.address,
      subject: outcome.mail.subject,
    });
  },
);

export const answerRoutes: RouteDef[] = [answerInboxMessage];

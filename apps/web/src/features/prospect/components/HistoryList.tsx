import { useIntl, type IntlShape } from 'react-intl';
import type { HistoryEntry, HistoryMessageEntry } from '@prospecta/api-client';
import { isStatusChange, type HistoryEvent } from '@prospecta/domain';
import { formatZurichDateTime, useLocale } from '../../../core/i18n';
import { replyLabelMessages } from '../../../core/messages';
import { messages } from '../messages';
import { statusMessages } from '../statusLabels';
import * as styles from './ProspectDetail.css';

const typeMessages = {
  email: messages.historyEmail,
  event: messages.historyEvent,
  linkedin_message: messages.historyLinkedinMessage,
  note: messages.historyNote,
  status_change: messages.historyStatusChange,
} as const;

/** An event the campaign engine recorded, as a sentence in the user's language (the server sends a code). */
function eventSentence(intl: IntlShape, event: HistoryEvent): string | null {
  switch (event.code) {
    case 'added_to_campaign':
      return event.campaign === null
        ? null
        : intl.formatMessage(messages.historyEventAddedToCampaign, { campaign: event.campaign });
    case 'email_opened':
      return event.step === null
        ? null
        : intl.formatMessage(messages.historyEventEmailOpened, { step: event.step });
    case 'link_clicked':
      return event.step === null
        ? null
        : intl.formatMessage(messages.historyEventLinkClicked, { step: event.step });
    case 'email_bounced':
      return event.step === null
        ? null
        : intl.formatMessage(messages.historyEventEmailBounced, { step: event.step });
    case 'unsubscribed':
      return event.campaign === null
        ? null
        : intl.formatMessage(messages.historyEventUnsubscribed, { campaign: event.campaign });
    case 'linkedin_invitation_accepted':
      return intl.formatMessage(messages.historyEventLinkedinInvitationAccepted);
    case 'reply_label_changed': {
      const change = event.label_change;
      if (!change) return null;
      const to = intl.formatMessage(replyLabelMessages[change.to]);
      return change.from === null
        ? intl.formatMessage(messages.historyEventReplyLabelSet, { by: change.by, to })
        : intl.formatMessage(messages.historyEventReplyLabelChanged, {
            by: change.by,
            from: intl.formatMessage(replyLabelMessages[change.from]),
            to,
          });
    }
  }
}

/** One history entry: its type, date (Europe/Zurich), and content, or "from → to" for a status change. */
export function HistoryItem({
  entry,
  testId = 'history-entry',
}: {
  entry: HistoryEntry;
  testId?: string;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const t = intl.formatMessage;
  // An event with a code is written by the app; its `content` is then the server's English record (contract).
  const text = isStatusChange(entry)
    ? ''
    : ((entry.event ? eventSentence(intl, entry.event) : null) ?? entry.content);
  return (
    <li className={styles.entry} data-testid={testId} data-type={entry.type}>
      <div className={styles.entryHead}>
        <strong>
          {t(typeMessages[entry.type])}
          {!isStatusChange(entry) && entry.direction
            ? ` · ${t(entry.direction === 'inbound' ? messages.directionInbound : messages.directionOutbound)}`
            : ''}
        </strong>
        <time dateTime={entry.event_date}>{formatZurichDateTime(entry.event_date, locale)}</time>
      </div>
      {isStatusChange(entry) ? (
        <p className={styles.entryBody}>
          {/* The sentence is written from `from` and `to`; `content` is the server's own text (contract), not shown. */}
          {t(messages.historyStatusChangeText, {
            from: t(statusMessages[entry.from]),
            to: t(statusMessages[entry.to]),
          })}
        </p>
      ) : (
        text.trim() !== '' && <p className={styles.entryBody}>{text}</p>
      )}
    </li>
  );
}

/** §2: the history of actions, newest first (as the server sends it), every entry type. */
export function HistoryList({ history }: { history: readonly HistoryEntry[] }) {
  const intl = useIntl();
  return (
    <section className={styles.section} aria-labelledby="prospect-history-title">
      <h3 id="prospect-history-title" className={styles.sectionTitle}>
        {intl.formatMessage(messages.sectionHistory)}
      </h3>
      {history.length === 0 ? (
        <p className={styles.muted}>{intl.formatMessage(messages.historyEmpty)}</p>
      ) : (
        <ol className={styles.list} data-testid="history-list">
          {history.map((entry) => (
            <HistoryItem key={`${entry.type}-${entry.id}`} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** §2: interactions and communications: the e-mails and LinkedIn messages exchanged, sent and received. */
export function InteractionsList({ history }: { history: readonly HistoryEntry[] }) {
  const intl = useIntl();
  const exchanged = history.filter(
    (entry): entry is HistoryMessageEntry =>
      entry.type === 'email' || entry.type === 'linkedin_message',
  );
  const received = exchanged.filter((entry) => entry.direction === 'inbound').length;
  return (
    <section className={styles.section} aria-labelledby="prospect-interactions-title">
      <h3 id="prospect-interactions-title" className={styles.sectionTitle}>
        {intl.formatMessage(messages.sectionInteractions)}
      </h3>
      {exchanged.length === 0 ? (
        <p className={styles.muted}>{intl.formatMessage(messages.interactionsEmpty)}</p>
      ) : (
        <>
          <p className={styles.entryBody} data-testid="interactions-summary">
            {intl.formatMessage(messages.interactionsSummary, {
              sent: exchanged.length - received,
              received,
            })}
          </p>
          <ol className={styles.list} data-testid="interactions-list">
            {exchanged.map((entry) => (
              <HistoryItem
                key={`interaction-${entry.id}`}
                entry={entry}
                testId="interaction-entry"
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

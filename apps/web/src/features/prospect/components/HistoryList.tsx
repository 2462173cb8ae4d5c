import { useIntl } from 'react-intl';
import type { HistoryEntry, HistoryMessageEntry } from '@prospecta/api-client';
import { formatZurichDateTime, useLocale } from '../../../i18n';
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

function isMessage(entry: HistoryEntry): entry is HistoryMessageEntry {
  return entry.type !== 'status_change';
}

/** One history entry: its type, date (Europe/Zurich), and content, or "from → to" for a status change. */
export function HistoryItem({ entry, testId = 'history-entry' }: { entry: HistoryEntry; testId?: string }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const t = intl.formatMessage;
  return (
    <li className={styles.entry} data-testid={testId} data-type={entry.type}>
      <div className={styles.entryHead}>
        <strong>
          {t(typeMessages[entry.type])}
          {isMessage(entry) && entry.direction
            ? ` · ${t(entry.direction === 'inbound' ? messages.directionInbound : messages.directionOutbound)}`
            : ''}
        </strong>
        <time dateTime={entry.event_date}>{formatZurichDateTime(entry.event_date, locale)}</time>
      </div>
      {entry.type === 'status_change' ? (
        <p className={styles.entryBody}>
          {/* The sentence is written from `from` and `to`; `content` is the server's own text (contract), not shown. */}
          {t(messages.historyStatusChangeText, { from: t(statusMessages[entry.from]), to: t(statusMessages[entry.to]) })}
        </p>
      ) : (
        entry.content.trim() !== '' && <p className={styles.entryBody}>{entry.content}</p>
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
    (entry): entry is HistoryMessageEntry => entry.type === 'email' || entry.type === 'linkedin_message',
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
            {intl.formatMessage(messages.interactionsSummary, { sent: exchanged.length - received, received })}
          </p>
          <ol className={styles.list} data-testid="interactions-list">
            {exchanged.map((entry) => (
              <HistoryItem key={`interaction-${entry.id}`} entry={entry} testId="interaction-entry" />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

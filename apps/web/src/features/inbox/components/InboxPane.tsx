import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { Reply } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import {
  prospectQueryOptions,
  type HistoryEntry,
  type HistoryMessageEntry,
  type InboxItem,
} from '@prospecta/api-client';
import { isInboxStatus, type UserAction } from '@prospecta/domain';
import { Button, DateChip, EmptyState, Spinner } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { formatZurichDateTime, formatZurichDay, useLocale } from '../../../core/i18n';
import { commonMessages } from '../../../core/messages';
import { HistoryItem, ProspectStatusChip, prospectMessages } from '../../prospect';
import { AnswerActions } from './AnswerActions';
import { AnswerLabel } from './AnswerLabel';
import { useAnswerStatus } from '../hooks/useInbox';
import { groupByZurichDay } from '../model/groupByDay';
import { messages } from '../messages';
import { ReplyBox, type ReplyBoxHandle } from './ReplyBox';
import { SafeMessageBody } from './SafeMessageBody';
import * as styles from './Inbox.css';

/** What the page's keyboard shortcuts can ask of the pane. */
export interface InboxPaneHandle {
  request: (action: UserAction) => void;
  /** Opens the answer box (an e-mail answered by its inbox's owner only). */
  reply: () => void;
}

export interface InboxPaneProps {
  item: InboxItem;
  /** The owner of the inbox (the viewed user). */
  userId: number;
  onOpenProspect: (prospectId: number) => void;
  /** Called once the prospect has left the inbox (converted, lost or nurtured). */
  onHandled: (prospectId: number) => void;
  handleRef?: Ref<InboxPaneHandle>;
  /** The signed-in user reads their own inbox: they may answer from their mailboxes (staff visits may not). */
  canAnswer?: boolean;
}

function isMessage(entry: HistoryEntry): entry is HistoryMessageEntry {
  return entry.type === 'email' || entry.type === 'linkedin_message';
}

/**
 * §2 Inbox, right: the prospect's header (with when the answer was answered from the inbox), the actions menu and the
 * history under date chips.
 */
export function InboxPane({
  item,
  userId,
  onOpenProspect,
  onHandled,
  handleRef,
  canAnswer = false,
}: InboxPaneProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const p = item.prospect;
  const name = `${p.first_name} ${p.last_name}`.trim() || t(prospectMessages.noName);
  const status = useAnswerStatus(item, userId);
  const replyRef = useRef<ReplyBoxHandle>(null);
  const answerable = canAnswer && item.channel === 'email';

  useImperativeHandle(handleRef, () => ({
    request: (action) => {
      if (status.actions.includes(action) && !status.submitting) status.request(action);
    },
    reply: () => replyRef.current?.open(),
  }));

  // Once the change is confirmed by the server, the prospect leaves the inbox.
  useEffect(() => {
    if (!status.submitting && !isInboxStatus(status.status)) onHandled(p.id);
  }, [status.submitting, status.status, onHandled, p.id]);

  const headingId = `inbox-pane-${item.id}`;
  return (
    <article className={styles.pane} aria-labelledby={headingId} data-testid="inbox-pane">
      <header className={styles.paneHeader}>
        <div className={styles.paneWho}>
          <h2 id={headingId} className={styles.paneName}>
            {name}
          </h2>
          <p className={styles.paneMeta}>
            {[p.position, p.company_name].filter(Boolean).join(' · ')}
          </p>
          <p className={styles.paneMeta}>{t(messages.campaign, { name: p.campaign_name })}</p>
          {item.answered_at && (
            <p className={styles.paneAnswered} data-testid="inbox-answered">
              <Reply size={16} aria-hidden="true" />
              {t(messages.answeredOn, { date: formatZurichDateTime(item.answered_at, locale) })}
            </p>
          )}
        </div>
        <div className={styles.paneTools}>
          <ProspectStatusChip status={status.status} />
          <Button variant="secondary" size="small" onClick={() => onOpenProspect(p.id)}>
            {t(messages.openProspect)}
          </Button>
          <AnswerActions status={status} name={name} />
        </div>
      </header>
      <AnswerLabel item={item} userId={userId} />
      {answerable ? (
        <ReplyBox item={item} userId={userId} name={name} handleRef={replyRef} />
      ) : null}
      <PaneHistory item={item} />
    </article>
  );
}

function PaneHistory({ item }: { item: InboxItem }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const clients = useApiClients();
  const query = useQuery(prospectQueryOptions(clients, item.prospect.id));

  if (query.isError) {
    return (
      <div className={styles.state} role="alert" data-testid="inbox-history-error">
        <span>{t(messages.historyError)}</span>
        <Button
          variant="secondary"
          size="small"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          {t(commonMessages.retry)}
        </Button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className={styles.state} aria-busy="true" data-testid="inbox-history-loading">
        <Spinner label={t(messages.historyLoading)} />
        <span>{t(messages.historyLoading)}</span>
      </div>
    );
  }
  const history = query.data.history;
  const hasMessages = history.some(isMessage);
  const groups = groupByZurichDay(history);
  return (
    <section aria-labelledby={`inbox-history-${item.id}`} data-testid="inbox-history">
      <h3 id={`inbox-history-${item.id}`} className={styles.sectionTitle}>
        {t(messages.historyTitle)}
      </h3>
      {!hasMessages && (
        <EmptyState
          title={t(messages.noMessagesTitle)}
          description={t(messages.noMessagesBody)}
          titleLevel={4}
        />
      )}
      <ol className={styles.days}>
        {groups.map((group) => (
          <li key={group.day} className={styles.day} data-testid="inbox-day">
            <DateChip
              className={styles.dayChip}
              label={formatZurichDay(group.date, locale)}
              dateTime={group.day}
            />
            <ol className={styles.day}>
              {group.entries.map((entry) =>
                isMessage(entry) ? (
                  <li
                    key={`${entry.type}-${entry.id}`}
                    className={styles.message}
                    data-direction={entry.direction ?? 'none'}
                    data-testid="inbox-message"
                  >
                    <div className={styles.messageHead}>
                      <strong>
                        {t(
                          entry.type === 'email' ? messages.channelEmail : messages.channelLinkedin,
                        )}
                        {' · '}
                        {t(entry.direction === 'inbound' ? messages.received : messages.sent)}
                      </strong>
                      <time className={styles.muted} dateTime={entry.event_date}>
                        {formatZurichDateTime(entry.event_date, locale)}
                      </time>
                    </div>
                    <SafeMessageBody content={entry.content} />
                  </li>
                ) : (
                  <HistoryItem key={`${entry.type}-${entry.id}`} entry={entry} />
                ),
              )}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}

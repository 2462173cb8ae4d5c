import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { InboxItem } from '@prospecta/api-client';
import { ANSWER_READ_AFTER_MS, isInboxStatus } from '@prospecta/domain';
import { Button, Dialog } from '@prospecta/ui';
import { formatZurichDateTime, useLocale } from '../../../core/i18n';
import { paths } from '../../../core/paths';
import { ProspectStatusChip, prospectMessages } from '../../prospect';
import { useAnswerStatus, useMarkRead } from '../hooks/useInbox';
import { messages } from '../messages';
import { AnswerActions } from './AnswerActions';
import { SafeMessageBody } from './SafeMessageBody';
import * as styles from './Inbox.css';

export interface UnreadAnswersDialogProps {
  /** The unread answers at sign-in, newest first (at least one). */
  answers: readonly InboxItem[];
  /** The signed-in user (the owner of the answers). */
  userId: number;
  onClose: () => void;
}

/**
 * The unread answers at sign-in, one at a time with previous and next (§2). An answer counts as read once it has
 * been shown for ANSWER_READ_AFTER_MS or when the user steps past it with 'next' (decision 0080); closing at once
 * marks nothing. Each has the inbox's actions and a link to it in the inbox (which marks it read on opening).
 */
export function UnreadAnswersDialog({ answers, userId, onClose }: UnreadAnswersDialogProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [index, setIndex] = useState(0);
  const markRead = useMarkRead(userId);
  const read = useRef(new Set<number>());
  const answer = answers[Math.min(index, answers.length - 1)];
  const markOnce = useCallback(
    (item: InboxItem) => {
      if (read.current.has(item.id)) return;
      read.current.add(item.id);
      markRead(item);
    },
    [markRead],
  );

  // Read once it has stayed on screen for a moment; leaving it sooner (closing, 'previous') leaves it unread.
  useEffect(() => {
    if (!answer) return;
    const timer = window.setTimeout(() => markOnce(answer), ANSWER_READ_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [answer, markOnce]);

  if (!answer) return null;
  const last = answers.length - 1;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(messages.modalTitle)}
      description={t(messages.modalPosition, { index: index + 1, total: answers.length })}
      closeLabel={t(messages.close)}
      size="large"
      closeOnBackdrop={false}
      footer={
        <div className={styles.modalNav}>
          <Button
            variant="secondary"
            icon={<ChevronLeft size={16} aria-hidden="true" />}
            disabled={index === 0}
            onClick={() => setIndex(index - 1)}
          >
            {t(messages.modalPrevious)}
          </Button>
          <Button
            variant="secondary"
            iconEnd={<ChevronRight size={16} aria-hidden="true" />}
            disabled={index === last}
            onClick={() => {
              // Stepping past an answer says it was read.
              markOnce(answer);
              setIndex(index + 1);
            }}
          >
            {t(messages.modalNext)}
          </Button>
        </div>
      }
    >
      <UnreadAnswer key={answer.id} answer={answer} userId={userId} onOpenInInbox={onClose} />
    </Dialog>
  );
}

function UnreadAnswer({
  answer,
  userId,
  onOpenInInbox,
}: {
  answer: InboxItem;
  userId: number;
  onOpenInInbox: () => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const p = answer.prospect;
  const name = `${p.first_name} ${p.last_name}`.trim() || t(prospectMessages.noName);
  const status = useAnswerStatus(answer, userId);
  const handled = !status.submitting && !isInboxStatus(status.status);
  return (
    <div className={styles.modalBody} data-testid="unread-answer">
      <div className={styles.paneHeader}>
        <div className={styles.paneWho}>
          <h3 className={styles.paneName}>
            {p.company_name ? t(messages.modalProspect, { name, company: p.company_name }) : name}
          </h3>
          {p.position && <p className={styles.paneMeta}>{p.position}</p>}
          <p className={styles.paneMeta}>{t(messages.campaign, { name: p.campaign_name })}</p>
        </div>
        <div className={styles.paneTools}>
          <ProspectStatusChip status={status.status} />
          {!handled && <AnswerActions status={status} name={name} withShortcuts={false} />}
        </div>
      </div>
      <div className={styles.message} data-direction="inbound">
        <div className={styles.messageHead}>
          <strong>
            {t(answer.channel === 'email' ? messages.channelEmail : messages.channelLinkedin)}
            {' · '}
            {t(messages.received)}
          </strong>
          <time className={styles.muted} dateTime={answer.received_at}>
            {formatZurichDateTime(answer.received_at, locale)}
          </time>
        </div>
        <SafeMessageBody content={answer.content} />
      </div>
      {handled && (
        <p className={styles.summary} role="status">
          {t(messages.modalHandled)}
        </p>
      )}
      <p className={styles.summary}>
        <Link to={`${paths.inbox(userId)}?answer=${answer.id}`} onClick={onOpenInInbox}>
          {t(messages.modalOpenInInbox)}
        </Link>
      </p>
    </div>
  );
}

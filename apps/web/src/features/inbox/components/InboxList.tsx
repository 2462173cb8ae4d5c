import { memo, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Reply } from 'lucide-react';
import type { InboxItem } from '@prospecta/api-client';
import { Button } from '@prospecta/ui';
import { useLocale } from '../../../core/i18n';
import { formatZurichDateTime } from '../../../core/i18n/dates';
import { replyLabelMessages } from '../../../core/messages';
import { plainSnippet } from '../model/safeBody';
import { ReplyLabelChip } from './ReplyLabelChip';
import { messages } from '../messages';
import * as styles from './Inbox.css';

export interface InboxListProps {
  items: readonly InboxItem[];
  /** How many rows are rendered (the rest behind 'Show more'); keeps the page small with thousands of answers. */
  limit: number;
  onShowMore: () => void;
  selectedId: number | null;
  onSelect: (item: InboxItem) => void;
}

function itemName(item: InboxItem): string {
  return `${item.prospect.first_name} ${item.prospect.last_name}`.trim();
}

/**
 * §2 Inbox, left: the last answers, newest first; unread ones in bold with a dot; each with its label, and an arrow
 * before the date once answered from the inbox.
 */
export function InboxList({ items, limit, onShowMore, selectedId, onSelect }: InboxListProps) {
  const intl = useIntl();
  const shown = items.slice(0, limit);
  const selectedRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    selectedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);
  return (
    <nav aria-label={intl.formatMessage(messages.listLabel)} data-testid="inbox-list">
      <ul className={styles.list}>
        {shown.map((item) => (
          <InboxRow
            key={item.id}
            item={item}
            selected={item.id === selectedId}
            onSelect={onSelect}
            buttonRef={item.id === selectedId ? selectedRef : undefined}
          />
        ))}
      </ul>
      {items.length > shown.length && (
        <div className={styles.more}>
          <Button variant="ghost" size="small" onClick={onShowMore}>
            {intl.formatMessage(messages.showMore, {
              count: Math.min(50, items.length - shown.length),
            })}
          </Button>
        </div>
      )}
    </nav>
  );
}

const InboxRow = memo(function InboxRow({
  item,
  selected,
  onSelect,
  buttonRef,
}: {
  item: InboxItem;
  selected: boolean;
  onSelect: (item: InboxItem) => void;
  buttonRef?: React.Ref<HTMLButtonElement>;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const date = formatZurichDateTime(item.received_at, locale);
  const name = itemName(item);
  return (
    <li>
      <button
        ref={buttonRef}
        type="button"
        className={styles.row}
        aria-current={selected ? 'true' : undefined}
        data-unread={item.is_read ? 'false' : 'true'}
        data-testid="inbox-row"
        onClick={() => onSelect(item)}
      >
        <span className={styles.rowName}>
          {!item.is_read && (
            <>
              <span className={styles.unreadDot} aria-hidden="true" />
              <span className={styles.visuallyHidden}>{intl.formatMessage(messages.unread)} </span>
            </>
          )}
          {name}
        </span>
        <span className={styles.rowDate}>
          {item.answered_at && (
            <span className={styles.rowAnswered} data-testid="inbox-row-answered">
              <Reply size={14} aria-hidden="true" />
              <span className={styles.visuallyHidden}>
                {intl.formatMessage(messages.rowAnswered, {
                  date: formatZurichDateTime(item.answered_at, locale),
                })}{' '}
              </span>
            </span>
          )}
          <time dateTime={item.received_at}>{date.split(' - ')[0]}</time>
        </span>
        <span className={item.label ? styles.rowCompanyBesideLabel : styles.rowCompany}>
          {item.prospect.company_name}
        </span>
        {item.label && (
          <span className={styles.rowLabel} data-testid="inbox-row-label" data-label={item.label}>
            <span className={styles.visuallyHidden}>
              {intl.formatMessage(messages.rowLabel, {
                label: intl.formatMessage(replyLabelMessages[item.label]),
              })}
            </span>
            <span aria-hidden="true" className={styles.rowLabelChip}>
              <ReplyLabelChip label={item.label} />
            </span>
          </span>
        )}
        <span className={styles.rowSnippet}>{plainSnippet(item.content)}</span>
      </button>
    </li>
  );
});

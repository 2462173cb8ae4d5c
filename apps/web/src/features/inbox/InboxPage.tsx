import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_INBOX_FILTER, isInboxFilter } from '@prospecta/domain';
import { ArrowUp, Keyboard } from 'lucide-react';
import type { InboxFilterCounts, InboxItem } from '@prospecta/api-client';
import { Button, EmptyState, IconButton, Spinner } from '@prospecta/ui';
import { useViewedUserId } from '../../core/hooks';
import { ProspectDetailModal } from '../prospect';
import { FILTER_PARAM, InboxFilters } from './components/InboxFilters';
import { InboxList } from './components/InboxList';
import { InboxPane, type InboxPaneHandle } from './components/InboxPane';
import { ShortcutsDialog } from './components/ShortcutsDialog';
import { useInbox, useMarkRead } from './hooks/useInbox';
import { useUserPageTitle } from '../../core/userPageTitle';
import { pageNameMessages } from '../../core/messages';
import { ScreenLoadError } from '../shell';
import { useShortcuts } from './hooks/useShortcuts';
import { moveIndex, visibleItems } from './model/inboxList';
import { messages } from './messages';
import * as styles from './components/Inbox.css';
import * as filterStyles from './components/InboxFilters.css';

const PAGE = 50;
const NO_ITEMS: readonly InboxItem[] = [];

/** §2 Inbox of the viewed user: the last answers (left, 300 px) and the selected prospect (right). */
export function InboxPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const userId = useViewedUserId();
  const [params, setParams] = useSearchParams();
  const requestedFilter = params.get(FILTER_PARAM);
  const filter = isInboxFilter(requestedFilter) ? requestedFilter : DEFAULT_INBOX_FILTER;
  const { query, own } = useInbox(userId, filter);
  const markRead = useMarkRead(userId);
  const [handled, setHandled] = useState<ReadonlySet<number>>(() => new Set());
  const [limit, setLimit] = useState(PAGE);
  const [openProspect, setOpenProspect] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const paneRef = useRef<InboxPaneHandle>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const items = useMemo(
    () => visibleItems(query.data?.items ?? NO_ITEMS, handled),
    [query.data, handled],
  );
  // The filters stay while another filter's list loads, with the counts last read (the same for every filter).
  const [counts, setCounts] = useState<InboxFilterCounts | null>(null);
  const freshCounts = query.data?.counts;
  if (freshCounts && freshCounts !== counts) setCounts(freshCounts);
  const requested = Number(params.get('answer'));
  const selectedIndex = items.findIndex((i) => i.id === requested);
  const listed = selectedIndex >= 0 ? items[selectedIndex] : undefined;
  // An answer whose new label takes it out of the filter stays open in the pane (with its history, where the change
  // is recorded) until another one is chosen.
  const [kept, setKept] = useState<InboxItem | null>(null);
  if (listed && listed !== kept) setKept(listed);
  const selected =
    listed ?? (kept?.id === requested && !handled.has(kept.prospect.id) ? kept : undefined);
  // '(3) Inbox · Julien Moreau · Prospecta': the count only when the viewed user is the signed-in one (§6).
  useUserPageTitle(pageNameMessages.inbox, own ? query.data?.unread_count : undefined);

  const select = useCallback(
    (item: InboxItem) => {
      markRead(item);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('answer', String(item.id));
          return next;
        },
        { replace: true },
      );
    },
    [markRead, setParams],
  );

  const move = (delta: number) => {
    const index = moveIndex(selectedIndex, delta, items.length);
    const item = items[index];
    if (!item) return;
    if (index >= limit) setLimit(index + 1);
    select(item);
  };

  const onHandled = useCallback((prospectId: number) => {
    setHandled((current) => {
      if (current.has(prospectId)) return current;
      const next = new Set(current);
      next.add(prospectId);
      return next;
    });
  }, []);

  // Small screen: the list sits above the pane, so the way back moves focus (and the view) to the selected row.
  const backToList = () => {
    const row =
      listRef.current?.querySelector<HTMLElement>('[aria-current="true"]') ??
      listRef.current?.querySelector<HTMLElement>('button');
    row?.scrollIntoView({ block: 'center' });
    row?.focus();
  };

  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    Enter: () => {
      if (selected) setOpenProspect(selected.prospect.id);
    },
    c: () => paneRef.current?.request('convert'),
    l: () => paneRef.current?.request('lose'),
    n: () => paneRef.current?.request('nurture'),
    r: () => paneRef.current?.reply(),
    '?': () => setHelp(true),
  });

  let content: ReactNode;
  if (query.isError && !query.data) {
    content = (
      <div className={styles.panel} role="alert" data-testid="inbox-error">
        <ScreenLoadError
          title={t(messages.errorTitle)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  } else if (!query.data) {
    content = (
      <div
        className={`${styles.panel} ${styles.state}`}
        aria-busy="true"
        data-testid="inbox-loading"
      >
        <Spinner label={t(messages.loading)} />
        <span>{t(messages.loading)}</span>
      </div>
    );
  } else if (items.length === 0 && filter !== 'all') {
    // An empty filter says what it would list, and leads back to every answer.
    content = (
      <div className={styles.panel} data-testid="inbox-empty" data-filter={filter}>
        <EmptyState
          title={t(messages.filterEmpty[filter].title)}
          description={t(messages.filterEmpty[filter].body)}
          titleLevel={2}
          action={
            <Link to={{ search: '' }} replace className={filterStyles.showAll}>
              {t(messages.filterShowAll)}
            </Link>
          }
        />
      </div>
    );
  } else if (items.length === 0) {
    content = (
      <div className={styles.panel} data-testid="inbox-empty">
        <EmptyState
          title={t(messages.emptyTitle)}
          description={t(messages.emptyBody)}
          titleLevel={2}
        />
      </div>
    );
  } else {
    content = (
      <div className={styles.layout}>
        <div className={styles.listPanel} ref={listRef}>
          <InboxList
            items={items}
            limit={Math.max(limit, selectedIndex + 1)}
            onShowMore={() => setLimit((l) => l + PAGE)}
            selectedId={selected?.id ?? null}
            onSelect={select}
          />
        </div>
        <div className={styles.panel}>
          {selected && (
            <div className={styles.shownOnSmall}>
              <Button
                variant="ghost"
                size="small"
                icon={<ArrowUp size={16} aria-hidden="true" />}
                onClick={backToList}
                data-testid="inbox-back"
              >
                {t(messages.backToList)}
              </Button>
            </div>
          )}
          {selected ? (
            <InboxPane
              key={selected.id}
              item={selected}
              userId={userId}
              onOpenProspect={setOpenProspect}
              onHandled={onHandled}
              handleRef={paneRef}
              canAnswer={own}
            />
          ) : (
            <EmptyState title={t(messages.selectPrompt)} titleLevel={2} />
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{t(messages.title)}</h1>
        {query.data && (
          // §2: the count to handle leaves out what needs no answer (automatic replies, refusals), whatever the filter.
          <p className={styles.summary} data-testid="inbox-count">
            {own && query.data.to_handle_count > 0
              ? t(messages.summary, {
                  count: query.data.to_handle_count,
                  unread: query.data.unread_count,
                })
              : t(messages.toHandle, { count: query.data.to_handle_count })}
          </p>
        )}
        <span className={styles.spacer} />
        <IconButton
          label={t(messages.shortcuts)}
          icon={<Keyboard size={18} />}
          onClick={() => setHelp(true)}
          className={styles.hiddenOnSmall}
        />
      </div>
      {/* No filters over an empty inbox (nor before it first loads): the empty state says it all. */}
      {counts && (counts.all > 0 || filter !== DEFAULT_INBOX_FILTER) && (
        <InboxFilters filter={filter} counts={counts} />
      )}
      {content}
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
      <ProspectDetailModal prospectId={openProspect} onClose={() => setOpenProspect(null)} />
    </div>
  );
}

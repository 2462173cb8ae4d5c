import { useCallback, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions, type ProspectSummary } from '@prospecta/api-client';
import { Button, ConfirmDialog, EmptyState } from '@prospecta/ui';
import { useApiClients, useSession, useViewedUserId } from '../../core/hooks';
import { useLocale } from '../../core/i18n';
import { ProspectDetailModal } from '../prospect';
import { DashboardBoard, DashboardBoardSkeleton } from './components/DashboardBoard';
import { DashboardList } from './components/DashboardList';
import { DashboardStaffActions, DashboardToolbar } from './components/DashboardToolbar';
import { useBoardModel } from '../board';
import { ScreenLoadError } from '../shell';
import { useDashboardActions } from './hooks/useDashboardActions';
import { useDashboardSort, useDashboardView } from './hooks/useDashboardPreferences';
import { messages } from './messages';
import * as styles from './components/Dashboard.css';

const NO_PROSPECTS: readonly ProspectSummary[] = [];

/** The dashboard of the viewed user (§2 Dashboard): columns or list, search, sort, staff tools, detail modal. */
export function DashboardPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const clients = useApiClients();
  const { isStaff } = useSession();
  const userId = useViewedUserId();
  const query = useQuery(dashboardQueryOptions(clients, userId));
  const actions = useDashboardActions(userId);

  const [view, setView] = useDashboardView();
  const [storedSort, setSort] = useDashboardSort();
  // The score sort is staff-only (§6): a customer never sorts by a value they cannot see.
  const sort = useMemo(
    () =>
      !isStaff && storedSort.field === 'score'
        ? { field: 'first_name' as const, direction: storedSort.direction }
        : storedSort,
    [isStaff, storedSort],
  );
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<'nurture-all' | 'clean-nurture' | null>(null);

  const prospects = query.data?.prospects ?? NO_PROSPECTS;
  const board = useBoardModel(prospects, deferredSearch, sort, locale);
  const onOpen = useCallback((prospect: ProspectSummary) => setOpenId(prospect.id), []);
  const onCleanNurture = useCallback(() => setConfirm('clean-nurture'), []);
  // Cleaning moves every prospect of the column, whatever the search: count them all.
  const nurtureCount = useMemo(
    () => prospects.filter((p) => p.prospecting_status === 'nurture').length,
    [prospects],
  );
  const titleId = useId();

  const noMatch = useMemo(
    () => (
      <EmptyState
        title={t(messages.noMatchTitle, { query: deferredSearch.trim() })}
        description={t(messages.noMatchBody)}
        action={
          <Button variant="secondary" onClick={() => setSearch('')}>
            {t(messages.clearSearch)}
          </Button>
        }
      />
    ),
    [t, deferredSearch],
  );

  let content: ReactNode;
  if (query.isError) {
    content = (
      <div className={styles.state} role="alert" data-testid="dashboard-error">
        <ScreenLoadError
          title={t(messages.errorTitle)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  } else if (query.isPending) {
    content = (
      <div aria-busy="true" data-testid="dashboard-loading">
        <p className={styles.visuallyHidden}>{t(messages.loading)}</p>
        {view === 'list' ? (
          <DashboardList
            rows={NO_PROSPECTS}
            isStaff={isStaff}
            sort={sort}
            onSortChange={setSort}
            onOpen={onOpen}
            query=""
            empty={null}
            loading
          />
        ) : (
          <DashboardBoardSkeleton />
        )}
      </div>
    );
  } else if (board.total === 0) {
    content = (
      <div className={styles.state} data-testid="dashboard-empty">
        <EmptyState
          title={t(messages.emptyTitle)}
          description={t(messages.emptyBody)}
          titleLevel={2}
        />
      </div>
    );
  } else if (view === 'list') {
    content = (
      <DashboardList
        rows={board.rows}
        isStaff={isStaff}
        sort={sort}
        onSortChange={setSort}
        onOpen={onOpen}
        query={deferredSearch}
        empty={noMatch}
      />
    );
  } else if (board.shown === 0) {
    content = <div className={styles.state}>{noMatch}</div>;
  } else {
    content = (
      <DashboardBoard
        columns={board.columns}
        isStaff={isStaff}
        onOpen={onOpen}
        canCleanNurture={nurtureCount > 0}
        onCleanNurture={onCleanNurture}
        cleaning={actions.cleaning}
      />
    );
  }

  return (
    <section className={styles.page} data-testid="dashboard-page" aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h1 id={titleId} className={styles.title}>
          {t(messages.title)}
        </h1>
        {query.data && (
          <p className={styles.summary} aria-live="polite" data-testid="dashboard-summary">
            {deferredSearch.trim() === ''
              ? t(messages.summary, { total: board.total })
              : t(messages.summaryFiltered, { shown: board.shown, total: board.total })}
          </p>
        )}
        {isStaff && (
          <DashboardStaffActions
            exporting={actions.exporting}
            onExport={() => void actions.exportSpreadsheet()}
            onNurtureAll={() => setConfirm('nurture-all')}
            disabled={!query.data}
          />
        )}
      </div>
      <DashboardToolbar
        view={view}
        onViewChange={setView}
        query={search}
        onQueryChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        isStaff={isStaff}
      />
      {content}
      <ConfirmDialog
        open={confirm === 'nurture-all'}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={t(messages.nurtureAllTitle)}
        description={t(messages.nurtureAllBody)}
        confirmLabel={t(messages.confirmYes)}
        cancelLabel={t(messages.confirmNo)}
        onConfirm={actions.nurtureAll}
      />
      <ConfirmDialog
        open={confirm === 'clean-nurture'}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={t(messages.cleanNurtureTitle)}
        description={t(messages.cleanNurtureBody, { count: nurtureCount })}
        confirmLabel={t(messages.confirmYes)}
        cancelLabel={t(messages.confirmNo)}
        tone="danger"
        onConfirm={actions.cleanNurture}
      />
      <ProspectDetailModal prospectId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

import { useCallback, useDeferredValue, useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import {
  ApiError,
  campaignQueryOptions,
  downloadCampaignExport,
  syncCampaignMutationOptions,
  type ProspectSummary,
} from '@prospecta/api-client';
import { CAMPAIGN_CATEGORIES, displayCategory, type CampaignCategory } from '@prospecta/domain';
import { Button, EmptyState, SortControl, TextField, toast } from '@prospecta/ui';
import { useApiClients, usePreference, useSession, useViewedUserId } from '../../../core/hooks';
import { useDocumentTitle } from '../../../core/documentTitle';
import { useViewedUserName } from '../../../core/userPageTitle';
import { pageNameMessages } from '../../../core/messages';
import { useLocale, useZurichDateTime } from '../../../core/i18n';
import { paths, parseUserId } from '../../../core/paths';
import { ProspectDetailModal, statusMessages } from '../../prospect';
import { ImportProspects } from '../../imports';
import { saveBlob } from '../../../core/download';
import { ScreenLoadError } from '../../shell';
import {
  DEFAULT_SORT,
  sortFieldMessages,
  ViewSwitch,
  type BoardGrouping,
  type BoardSort,
  type SortField,
} from '../../board';
import { useBoardModel } from '../../board';
import { messages } from '../messages';
import { CampaignBoard } from './CampaignBoard';
import { CampaignTable } from './CampaignTable';
import { useCampaignsHeading } from '../components/useCampaignsHeading';
import * as styles from '../components/campaigns.css';
import { CampaignSequence } from '../sequence/CampaignSequence';
import { CampaignFigures } from './CampaignFigures';

const NO_PROSPECTS: readonly ProspectSummary[] = [];

/** The campaign columns (§2): by displayed category (§4); nurtured prospects stay in the table only. */
const CAMPAIGN_GROUPING: BoardGrouping<ProspectSummary, CampaignCategory> = {
  columns: CAMPAIGN_CATEGORIES,
  columnOf: displayCategory,
  keepUngrouped: true,
};

const COLUMN_SORT_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'position',
  'status',
] as const satisfies readonly SortField[];
const TABLE_SORT_FIELDS_STAFF = [
  'score',
  ...COLUMN_SORT_FIELDS,
] as const satisfies readonly SortField[];

/** /users/{userId}/campaigns/{campaignId} (§2 Campaign detail). */
export function CampaignDetailPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const formatDate = useZurichDateTime();
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const { isStaff } = useSession();
  const userId = useViewedUserId();
  const campaignId = parseUserId(useParams().campaignId) ?? 0;
  // A missing (404) or forbidden (403) campaign is final: the app's query client does not retry 4xx.
  const query = useQuery({ ...campaignQueryOptions(clients, campaignId), enabled: campaignId > 0 });
  const sync = useMutation(syncCampaignMutationOptions(clients, queryClient));

  const [storedView, setView] = usePreference('campaignView');
  const view = storedView ?? 'column';
  // Kept in the page's state: leaving the page clears the search (§2).
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<BoardSort>(DEFAULT_SORT);
  const effectiveSort = !isStaff && sort.field === 'score' ? DEFAULT_SORT : sort;
  // The score sort is the table's, for staff (§2).
  const sortFields: readonly SortField[] =
    view === 'table' && isStaff ? TABLE_SORT_FIELDS_STAFF : COLUMN_SORT_FIELDS;
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const titleId = useId();
  const heading = useCampaignsHeading();

  const statusText = useCallback(
    (status: ProspectSummary['prospecting_status']) => t(statusMessages[status]),
    [t],
  );
  const prospects = query.data?.prospects ?? NO_PROSPECTS;
  const board = useBoardModel(
    prospects,
    deferredSearch,
    effectiveSort,
    locale,
    CAMPAIGN_GROUPING,
    statusText,
  );
  const onOpen = useCallback((prospect: ProspectSummary) => setOpenId(prospect.id), []);

  const campaign = query.data?.campaign;
  // 'Lancement SaaS RH · Julien Moreau · Prospecta' once the campaign is known.
  useDocumentTitle({
    page: campaign?.name ?? t(pageNameMessages.campaigns),
    user: useViewedUserName(),
  });
  if (
    campaignId === 0 ||
    (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403))
  ) {
    return (
      <section className={styles.page} data-testid="campaign-not-found">
        <Link className={styles.backLink} to={paths.campaigns(userId)}>
          <ArrowLeft size={16} aria-hidden="true" />
          {heading.back}
        </Link>
        <h1 className={styles.title}>{t(messages.notFoundTitle)}</h1>
        <p className={styles.summary}>{t(messages.notFoundBody)}</p>
      </section>
    );
  }
  // §2 Shell: a campaign shown under another user than its owner goes to the owner's campaigns list.
  if (campaign && campaign.user.id !== userId)
    return <Navigate to={paths.campaigns(campaign.user.id)} replace />;

  const exportSpreadsheet = async () => {
    setExporting(true);
    try {
      const file = await downloadCampaignExport(clients, campaignId, locale);
      saveBlob(file.blob, file.filename);
    } catch {
      toast.error(t(messages.exportError));
    } finally {
      setExporting(false);
    }
  };
  const refreshCampaign = async () => {
    try {
      await sync.mutateAsync({ campaignId, userId });
      toast.success(t(messages.refreshSuccess));
    } catch (error) {
      // §7: a failed refresh is only logged by the old app; here it is also told, and the board stays.
      console.error('Campaign refresh failed', error);
      toast.error(t(messages.refreshError));
    }
  };

  const trimmed = deferredSearch.trim();
  const noMatch = (
    <div className={styles.state} data-testid="campaign-no-match">
      <EmptyState
        title={t(messages.prospectNoMatchTitle, { query: trimmed })}
        description={t(messages.prospectNoMatchBody)}
        titleLevel={2}
        action={
          <Button variant="secondary" onClick={() => setSearch('')}>
            {t(messages.clearSearch)}
          </Button>
        }
      />
    </div>
  );

  let content: ReactNode;
  if (query.isError) {
    content = (
      <div className={styles.state} role="alert" data-testid="campaign-error">
        <ScreenLoadError
          title={t(messages.detailErrorTitle)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  } else if (!query.isPending && board.total === 0) {
    content = (
      <div className={styles.state} data-testid="campaign-empty">
        <EmptyState
          title={t(messages.prospectsEmptyTitle)}
          description={t(messages.prospectsEmptyBody)}
          titleLevel={2}
        />
      </div>
    );
  } else if (view === 'table') {
    content = (
      <CampaignTable
        rows={board.rows}
        isStaff={isStaff}
        sort={effectiveSort}
        onSortChange={setSort}
        onOpen={onOpen}
        query={deferredSearch}
        onReload={() => void query.refetch()}
        reloading={query.isFetching}
        loading={query.isPending}
        empty={noMatch}
      />
    );
  } else if (!query.isPending && board.shown === 0) {
    content = noMatch;
  } else {
    content = (
      <CampaignBoard
        columns={board.columns}
        isStaff={isStaff}
        onOpen={onOpen}
        loading={query.isPending}
      />
    );
  }

  return (
    <section
      className={styles.page}
      data-testid="campaign-page"
      aria-labelledby={titleId}
      aria-busy={query.isPending || undefined}
    >
      <div className={styles.headerBlock}>
        <Link className={styles.backLink} to={paths.campaigns(userId)}>
          <ArrowLeft size={16} aria-hidden="true" />
          {heading.back}
        </Link>
        <div className={styles.heading}>
          <h1 id={titleId} className={styles.title}>
            {campaign ? campaign.name : t(messages.detailLoading)}
          </h1>
          {query.data && (
            <p className={styles.summary} aria-live="polite" data-testid="campaign-summary">
              {trimmed === ''
                ? t(messages.prospectsCount, { count: board.total })
                : t(messages.prospectsCountFiltered, { shown: board.shown, total: board.total })}
            </p>
          )}
        </div>
        {campaign && isStaff && (
          <p className={styles.stamp} data-testid="campaign-last-update">
            {campaign.last_update_at
              ? t(messages.lastUpdate, { date: formatDate(campaign.last_update_at) })
              : t(messages.neverUpdated)}
          </p>
        )}
        {/* Staff only (decision 0195): sends handed to SMTP whose answer was never recorded. */}
        {campaign && isStaff && (campaign.unknown_sends ?? 0) > 0 && (
          <p className={styles.warning} data-testid="campaign-unknown-sends">
            {t(messages.unknownSends, { count: campaign.unknown_sends ?? 0 })}
          </p>
        )}
      </div>
      <div className={styles.toolbar} role="toolbar" aria-label={t(messages.detailToolbar)}>
        <ViewSwitch
          label={t(messages.viewLabel)}
          value={view}
          options={[
            { value: 'column', label: t(messages.viewColumns) },
            { value: 'table', label: t(messages.viewTable) },
          ]}
          onChange={setView}
        />
        <TextField
          className={styles.search}
          type="search"
          label={t(messages.prospectSearchLabel)}
          placeholder={t(messages.prospectSearchPlaceholder)}
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
        {/* The table sorts by its headers; on a phone its rows stack without a header row, so it sorts here too. */}
        <SortControl<SortField>
          className={view === 'column' ? undefined : styles.phonesOnly}
          label={t(messages.sortLabel)}
          options={sortFields.map((field) => ({
            value: field,
            label: t(sortFieldMessages[field]),
          }))}
          sort={{
            key: sortFields.includes(effectiveSort.field) ? effectiveSort.field : 'first_name',
            direction: effectiveSort.direction,
          }}
          onSortChange={(next) => setSort({ field: next.key, direction: next.direction })}
          directionLabels={{ asc: t(messages.sortAscending), desc: t(messages.sortDescending) }}
          directionTitle={t(messages.sortDirectionLabel)}
        />
        <span className={styles.spacer} />
        {isStaff && campaign && (
          <div className={styles.group}>
            <Button
              variant="secondary"
              loading={exporting}
              onClick={() => void exportSpreadsheet()}
            >
              {t(messages.export)}
            </Button>
            {campaign.is_active && (
              <Button
                variant="secondary"
                loading={sync.isPending}
                onClick={() => void refreshCampaign()}
              >
                {t(messages.refreshCampaign)}
              </Button>
            )}
          </div>
        )}
      </div>
      {content}
      {/* Staff open the prospects behind each figure of the campaign and of its steps. */}
      {campaign && isStaff && <CampaignFigures campaign={campaign} onOpenProspect={setOpenId} />}
      {/* Staff import prospects from a file; the panel renders nothing for a customer. */}
      {campaign && isStaff && <ImportProspects campaignId={campaign.id} />}
      {/* The steps the prospects receive, read-only (the builder is where staff change them). */}
      {campaign && <CampaignSequence campaignId={campaign.id} />}
      <ProspectDetailModal prospectId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

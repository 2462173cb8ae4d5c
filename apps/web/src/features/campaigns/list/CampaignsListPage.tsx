import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MoreHorizontal } from 'lucide-react';
import { campaignsQueryOptions, type Campaign } from '@prospecta/api-client';
import {
  CAMPAIGN_SORT_KEYS,
  campaignRows,
  DEFAULT_CAMPAIGN_SORT,
  isCampaignSortKey,
  type CampaignSort,
  type CampaignSortKey,
} from '@prospecta/domain';
import {
  ActionMenu,
  Badge,
  Button,
  EmptyState,
  IconButton,
  SortControl,
  Table,
  type TableColumn,
} from '@prospecta/ui';
import { useApiClients, useSession, useViewedUserId } from '../../../core/hooks';
import { useLocale, withElision } from '../../../core/i18n';
import { paths } from '../../../core/paths';
import { ScreenLoadError } from '../../shell';
import { CampaignFunnel } from '../components/CampaignFunnel';
import { CampaignSteps } from '../components/CampaignSteps';
import { useCampaignsHeading } from '../components/useCampaignsHeading';
import { messages } from '../messages';
import * as styles from '../components/campaigns.css';

const NO_CAMPAIGNS: readonly Campaign[] = [];

const sortKeyMessages: Record<CampaignSortKey, MessageDescriptor> = {
  name: messages.columnName,
  active: messages.columnActive,
};

const statusMessages: Record<Campaign['status'], MessageDescriptor> = {
  draft: messages.statusDraft,
  scheduled: messages.statusScheduled,
  running: messages.statusRunning,
  paused: messages.statusPaused,
  finished: messages.statusFinished,
  archived: messages.statusArchived,
};

/** The campaigns of the viewed user (§2 Campaigns list): sortable, searchable, rows expand to the steps. */
export function CampaignsListPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const clients = useApiClients();
  const { isStaff } = useSession();
  const userId = useViewedUserId();
  const navigate = useNavigate();
  const query = useQuery(campaignsQueryOptions(clients, userId));
  const [sort, setSort] = useState<CampaignSort>(DEFAULT_CAMPAIGN_SORT);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const titleId = useId();
  const heading = useCampaignsHeading();

  const campaigns = query.data?.campaigns ?? NO_CAMPAIGNS;
  const rows = useMemo(
    () => campaignRows(campaigns, { query: deferredSearch, sort, locale, includeOwner: isStaff }),
    [campaigns, deferredSearch, sort, locale, isStaff],
  );
  const number = (value: number) => (
    <span className={styles.number}>{intl.formatNumber(value)}</span>
  );

  const columns: TableColumn<Campaign>[] = [
    {
      key: 'name',
      header: t(messages.columnName),
      sortable: true,
      cell: (campaign) => (
        <div className={styles.nameCell}>
          <Link className={styles.nameLink} to={paths.campaign(userId, campaign.id)}>
            {campaign.name}
          </Link>
          {isStaff && (
            <span className={styles.owner} data-testid="campaign-owner">
              {[campaign.user.full_name, campaign.user.company_name]
                .filter((part) => part.trim() !== '')
                .join(' · ')}
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'status',
      header: t(messages.columnStatus),
      cell: (campaign) => (
        <span className={styles.nowrap}>{t(statusMessages[campaign.status])}</span>
      ),
    },
    {
      key: 'active',
      header: t(messages.columnActive),
      sortable: true,
      cell: (campaign) => (
        <Badge tone={campaign.is_active ? 'success' : 'neutral'}>
          {t(campaign.is_active ? messages.activeYes : messages.activeNo)}
        </Badge>
      ),
    },
    {
      key: 'audience',
      header: <span className={styles.wrappingHeader}>{t(messages.columnAudience)}</span>,
      label: t(messages.columnAudience),
      align: 'right',
      cell: (c) => number(c.contacted),
    },
    {
      key: 'openings',
      header: t(messages.columnOpenings),
      align: 'right',
      cell: (c) => number(c.contacts_opened),
    },
    {
      key: 'clicks',
      header: t(messages.columnClicks),
      align: 'right',
      cell: (c) => number(c.contacts_clicked),
    },
    {
      key: 'answers',
      header: t(messages.columnAnswers),
      align: 'right',
      cell: (c) => number(c.contacts_answered),
    },
    {
      key: 'funnel',
      header: t(messages.columnFunnel),
      cell: (c) => <CampaignFunnel name={c.name} counts={c} />,
    },
    {
      key: 'actions',
      header: <span className={styles.visuallyHidden}>{t(messages.columnActions)}</span>,
      label: t(messages.columnActions),
      align: 'right',
      cell: (campaign) => (
        <span className={styles.nowrap}>
          <ActionMenu
            trigger={
              <IconButton
                size="small"
                icon={<MoreHorizontal size={16} />}
                label={t(messages.rowMenu, { name: campaign.name })}
              />
            }
            items={[
              {
                key: 'detail',
                label: t(messages.openDetail),
                onSelect: () => void navigate(paths.campaign(userId, campaign.id)),
              },
            ]}
          />
        </span>
      ),
    },
  ];

  const trimmed = deferredSearch.trim();
  let empty: ReactNode;
  if (campaigns.length === 0) {
    empty = (
      <div data-testid="campaigns-empty">
        <EmptyState
          title={t(messages.emptyTitle)}
          description={t(messages.emptyBody)}
          titleLevel={2}
        />
      </div>
    );
  } else {
    empty = (
      <div data-testid="campaigns-no-match">
        <EmptyState
          title={t(messages.noMatchTitle, { query: trimmed })}
          description={t(isStaff ? messages.noMatchBodyStaff : messages.noMatchBody)}
          titleLevel={2}
          action={
            <Button variant="secondary" onClick={() => setSearch('')}>
              {t(messages.clearSearch)}
            </Button>
          }
        />
      </div>
    );
  }

  const error = query.isError ? (
    <div data-testid="campaigns-error">
      <ScreenLoadError
        title={t(messages.errorTitle)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    </div>
  ) : undefined;

  return (
    <section className={styles.page} data-testid="campaigns-page" aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h1 id={titleId} className={styles.title}>
          {heading.title}
        </h1>
        {query.data && (
          <p className={styles.summary} aria-live="polite" data-testid="campaigns-count">
            {trimmed === ''
              ? t(messages.listCount, { count: campaigns.length })
              : t(messages.listCountFiltered, { shown: rows.length, total: campaigns.length })}
          </p>
        )}
      </div>
      {query.isPending && <p className={styles.visuallyHidden}>{t(messages.loading)}</p>}
      <Table<Campaign>
        label={t(messages.tableLabel)}
        columns={columns}
        rows={rows}
        getRowKey={(campaign) => campaign.id}
        sort={sort}
        onSortChange={(next) => {
          if (next && isCampaignSortKey(next.key))
            setSort({ key: next.key, direction: next.direction });
        }}
        loading={query.isPending}
        error={error}
        empty={empty}
        stackOnPhones
        toolbarEnd={
          // On a phone the rows stack without their header row: the sort is chosen here instead.
          <SortControl<CampaignSortKey>
            className={styles.phonesOnly}
            label={t(messages.sortLabel)}
            options={CAMPAIGN_SORT_KEYS.map((key) => ({
              value: key,
              label: t(sortKeyMessages[key]),
            }))}
            sort={sort}
            onSortChange={setSort}
            directionLabels={{ asc: t(messages.sortAscending), desc: t(messages.sortDescending) }}
            directionTitle={t(messages.sortDirectionLabel)}
          />
        }
        renderExpanded={(campaign) => <CampaignSteps campaign={campaign} />}
        expandLabel={(campaign, expanded) =>
          t(expanded ? messages.collapseRow : messages.expandRow, withElision(campaign.name))
        }
        search={{
          value: search,
          onChange: setSearch,
          label: t(isStaff ? messages.searchLabelStaff : messages.searchLabel),
          placeholder: t(isStaff ? messages.searchPlaceholderStaff : messages.searchPlaceholder),
        }}
      />
    </section>
  );
}

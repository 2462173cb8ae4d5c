import { memo, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ProspectSummary } from '@prospecta/api-client';
import { Button, Table, TagList, paginate, type SortState, type TableColumn } from '@prospecta/ui';
import { useZurichDateTime, withElision } from '../../../core/i18n';
import { ProspectStatusChip, prospectName, titleMessages } from '../../prospect';
import { boardMessages, isSortField, type BoardSort } from '../../board';
import { messages } from '../messages';
import * as styles from '../components/campaigns.css';

/**
 * Rows per page (25 by default). The largest page stays within the target of 1,500 DOM elements for the whole
 * screen: a row of the table is about 16 elements (100 rows made 2,382).
 */
const PAGE_SIZES = [10, 25, 50] as const;

export interface CampaignTableProps {
  rows: readonly ProspectSummary[];
  isStaff: boolean;
  sort: BoardSort;
  onSortChange: (sort: BoardSort) => void;
  onOpen: (prospect: ProspectSummary) => void;
  /** Changes of the search send the table back to its first page. */
  query: string;
  onReload: () => void;
  reloading: boolean;
  loading: boolean;
  empty: ReactNode;
}

/**
 * The table view (§2 Campaign detail): sortable score (staff), first name, last name, company, position and
 * status (by its label in the locale's order); added date, title, last comment, action, details and tags;
 * reload, search, page size and previous/next. Paged, so the DOM stays small with 10,000 prospects.
 */
export const CampaignTable = memo(function CampaignTable(props: CampaignTableProps) {
  const { rows, isStaff, sort, onSortChange, onOpen, query, onReload, reloading, loading, empty } =
    props;
  const intl = useIntl();
  const t = intl.formatMessage;
  const formatDate = useZurichDateTime();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  useEffect(() => setPage(1), [query, sort.field, sort.direction]);

  const name = (p: ProspectSummary) => prospectName(p) ?? t(boardMessages.noName);
  const columns: TableColumn<ProspectSummary>[] = [
    ...(isStaff
      ? [
          {
            key: 'score',
            header: t(boardMessages.fieldScore),
            sortable: true,
            align: 'right' as const,
            cell: (p: ProspectSummary) => p.score ?? '',
          },
        ]
      : []),
    {
      key: 'created_at',
      header: t(messages.fieldAdded),
      cell: (p) => <span className={styles.nowrap}>{formatDate(p.created_at)}</span>,
    },
    {
      key: 'title',
      header: t(messages.fieldTitle),
      cell: (p) => (p.title ? t(titleMessages[p.title]) : ''),
    },
    {
      key: 'first_name',
      header: t(boardMessages.fieldFirstName),
      sortable: true,
      cell: (p) => p.first_name,
    },
    {
      key: 'last_name',
      header: t(boardMessages.fieldLastName),
      sortable: true,
      cell: (p) => p.last_name,
    },
    {
      key: 'company',
      header: t(boardMessages.fieldCompany),
      sortable: true,
      cell: (p) => p.company_name,
    },
    {
      key: 'position',
      header: t(boardMessages.fieldPosition),
      sortable: true,
      cell: (p) => p.position ?? '',
    },
    {
      key: 'status',
      header: t(boardMessages.fieldStatus),
      sortable: true,
      cell: (p) => <ProspectStatusChip status={p.prospecting_status} />,
    },
    {
      key: 'tags',
      header: t(boardMessages.fieldTags),
      cell: (p) => <TagList tags={p.tags} label={t(boardMessages.fieldTags)} max={3} />,
    },
    {
      key: 'comment',
      header: t(messages.fieldComment),
      cell: (p) =>
        p.last_comment ? (
          <span className={styles.comment} title={p.last_comment.content}>
            {p.last_comment.content}
          </span>
        ) : (
          ''
        ),
    },
    {
      key: 'details',
      header: t(messages.fieldDetails),
      cell: (p) => <span className={styles.email}>{p.email ?? ''}</span>,
    },
    {
      key: 'action',
      header: t(messages.fieldAction),
      // Last and pinned: the open button stays in view while the wide table scrolls sideways (a design decision: §2 lists it before details).
      pinned: 'end',
      cell: (p) => (
        <Button
          size="small"
          variant="secondary"
          aria-label={t(boardMessages.openProspect, withElision(name(p)))}
          onClick={() => onOpen(p)}
        >
          {t(messages.open)}
        </Button>
      ),
    },
  ];

  const tableSort: SortState = { key: sort.field, direction: sort.direction };
  return (
    <Table<ProspectSummary>
      label={t(messages.tableProspectsLabel)}
      columns={columns}
      rows={paginate(rows, page, pageSize)}
      getRowKey={(p) => p.id}
      sort={tableSort}
      onSortChange={(next) => {
        if (next && isSortField(next.key))
          onSortChange({ field: next.key, direction: next.direction });
      }}
      loading={loading}
      empty={empty}
      stackOnPhones
      refresh={{ onRefresh: onReload, label: t(messages.reloadProspects), refreshing: reloading }}
      pagination={{
        page,
        pageSize,
        total: rows.length,
        onPageChange: setPage,
        pageSizeOptions: PAGE_SIZES,
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(1);
        },
        previousLabel: t(messages.previousPage),
        nextLabel: t(messages.nextPage),
        pageSizeLabel: t(messages.pageSize),
        statusLabel: ({ page: current, pageCount }) =>
          t(messages.pageStatus, { page: current, pages: pageCount }),
      }}
    />
  );
});

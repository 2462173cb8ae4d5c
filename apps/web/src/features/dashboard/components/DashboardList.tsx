import { memo, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ProspectSummary } from '@prospecta/api-client';
import { Table, TagList, paginate, type SortState, type TableColumn } from '@prospecta/ui';
import { ProspectStatusChip, prospectName } from '../../prospect';
import { boardMessages, isSortField, type BoardSort } from '../../board';
import { messages } from '../messages';
import * as styles from './Dashboard.css';
import { withElision } from '../../../core/i18n';

const PAGE_SIZES = [25, 50, 100] as const;

export interface DashboardListProps {
  rows: readonly ProspectSummary[];
  isStaff: boolean;
  sort: BoardSort;
  onSortChange: (sort: BoardSort) => void;
  onOpen: (prospect: ProspectSummary) => void;
  /** Changes of the search send the list back to its first page. */
  query: string;
  empty: ReactNode;
  /** The loading state: the table's skeleton rows, no pagination (the number of rows is not known yet). */
  loading?: boolean;
}

/** The list view: a paged table (so the page stays small with 10,000 prospects), sortable headers. */
export const DashboardList = memo(function DashboardList({
  rows,
  isStaff,
  sort,
  onSortChange,
  onOpen,
  query,
  empty,
  loading = false,
}: DashboardListProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
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
      key: 'first_name',
      header: t(boardMessages.fieldFirstName),
      sortable: true,
      width: '1%',
      cell: (p) => (
        <button
          type="button"
          className={styles.nameButton}
          aria-label={t(boardMessages.openProspect, withElision(name(p)))}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(p);
          }}
        >
          {p.first_name}
        </button>
      ),
    },
    {
      key: 'last_name',
      header: t(boardMessages.fieldLastName),
      sortable: true,
      width: '1%',
      cell: (p) => <span className={styles.nowrap}>{p.last_name}</span>,
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
    { key: 'campaign', header: t(boardMessages.fieldCampaign), cell: (p) => p.campaign_name },
  ];

  const tableSort: SortState = { key: sort.field, direction: sort.direction };
  return (
    <Table<ProspectSummary>
      label={t(messages.listLabel)}
      columns={columns}
      rows={paginate(rows, page, pageSize)}
      getRowKey={(p) => p.id}
      sort={tableSort}
      onSortChange={(next) => {
        if (next && isSortField(next.key))
          onSortChange({ field: next.key, direction: next.direction });
      }}
      onRowClick={onOpen}
      empty={empty}
      loading={loading}
      stackOnPhones
      pagination={
        loading
          ? undefined
          : {
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
            }
      }
    />
  );
});

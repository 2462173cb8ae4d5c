import { useCallback, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ProspectSummary } from '@prospecta/api-client';
import { KanbanBoard, KanbanColumn } from '@prospecta/ui';
import type { BoardColumnModel } from './boardModel';
import { messages } from './messages';
import { ProspectBoardCard } from './ProspectBoardCard';
import * as styles from './ProspectBoard.css';

export interface ProspectBoardProps<C extends string> {
  /** The board's accessible name. */
  label: string;
  columns: readonly BoardColumnModel<ProspectSummary, C>[];
  /** Each column is marked `<testId>-column-<id>`, with its count. */
  testId: string;
  columnTitle: (id: C) => string;
  /** The colour of a column's top edge. */
  columnAccent: (id: C) => string;
  isStaff: boolean;
  onOpen: (prospect: ProspectSummary) => void;
  /** The cards show the prospect's campaign (a board that mixes campaigns). */
  showCampaign?: boolean;
  /** Skeleton cards and no counts (the columns' prospects are not known yet). */
  loading?: boolean;
  /** An action in a column's header. */
  headerEnd?: (id: C) => ReactNode;
}

/** A card's height before it is measured: the campaign line adds to it, and so does the score for staff. */
const estimatedCardHeight = (isStaff: boolean, showCampaign: boolean) =>
  (isStaff ? 118 : 112) + (showCampaign ? 18 : 0);

/**
 * The prospect columns of the dashboard and of a campaign's detail: a title, a count and virtualised cards per column,
 * so the DOM stays small whatever the number of prospects.
 */
export function ProspectBoard<C extends string>({
  label,
  columns,
  testId,
  columnTitle,
  columnAccent,
  isStaff,
  onOpen,
  showCampaign = false,
  loading = false,
  headerEnd,
}: ProspectBoardProps<C>) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const renderItem = useCallback(
    (prospect: ProspectSummary) => (
      <ProspectBoardCard
        prospect={prospect}
        isStaff={isStaff}
        onOpen={onOpen}
        showCampaign={showCampaign}
      />
    ),
    [isStaff, onOpen, showCampaign],
  );
  return (
    <KanbanBoard label={label}>
      {columns.map((column) => (
        <div
          key={column.id}
          data-testid={`${testId}-column-${column.id}`}
          data-count={column.count}
          className={styles.contents}
        >
          <KanbanColumn<ProspectSummary>
            title={columnTitle(column.id)}
            items={column.prospects}
            getItemKey={(prospect) => prospect.id}
            renderItem={renderItem}
            count={column.count}
            countLabel={(count) => t(messages.columnCount, { count })}
            emptyLabel={t(messages.columnEmpty)}
            accent={columnAccent(column.id)}
            estimateItemHeight={estimatedCardHeight(isStaff, showCampaign)}
            overscan={3}
            loading={loading}
            headerEnd={headerEnd?.(column.id)}
          />
        </div>
      ))}
    </KanbanBoard>
  );
}

import { memo, useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { ProspectSummary } from '@prospecta/api-client';
import type { DashboardColumn } from '@prospecta/domain';
import { IconButton, KanbanBoard, KanbanColumn, ProspectCard, TagList, vars } from '@prospecta/ui';
import { ProspectStatusChip, prospectName, statusTones } from '../../prospect';
import type { BoardColumnModel } from '../../board';
import { messages } from '../messages';
import { columnMessages } from './labels';
import * as styles from './Dashboard.css';

const accents: Record<DashboardColumn, string> = {
  ongoing: vars.tone[statusTones.ongoing],
  to_call: vars.tone[statusTones.to_call],
  to_nurture: vars.tone[statusTones.nurture],
  new_opportunity: vars.tone[statusTones.converted],
};

export interface DashboardBoardProps {
  columns: readonly BoardColumnModel<ProspectSummary>[];
  isStaff: boolean;
  onOpen: (prospect: ProspectSummary) => void;
  /** The 'clean nurture column' action (§2), offered when the column has prospects. */
  onCleanNurture: () => void;
  /** Whether the nurture column has prospects (before the search). */
  canCleanNurture: boolean;
  cleaning: boolean;
}

/** Decorative icon of the 'clean the column' action. */
function BroomIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      <path d="m19 3-7.5 7.5M9 10l5 5M4.5 13.5 9 10l5 5-3.5 4.5c-1.5 1.5-5.5 1-7-.5s-2-5.5-.5-7Z" />
    </svg>
  );
}

interface CardProps {
  prospect: ProspectSummary;
  isStaff: boolean;
  onOpen: (prospect: ProspectSummary) => void;
}

/** One card; memoised so a search only renders the cards that appear. */
const DashboardCard = memo(function DashboardCard({ prospect, isStaff, onOpen }: CardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const name = prospectName(prospect) ?? t(messages.noName);
  return (
    <div data-testid="prospect-card" data-prospect-id={prospect.id} data-prospect-name={name}>
      <ProspectCard
        name={name}
        company={prospect.company_name}
        position={prospect.position ?? undefined}
        campaign={prospect.campaign_name}
        campaignLabel={t(messages.fieldCampaign)}
        status={<ProspectStatusChip status={prospect.prospecting_status} />}
        tags={
          prospect.tags.length > 0 ? (
            <TagList tags={prospect.tags} label={t(messages.fieldTags)} max={3} />
          ) : undefined
        }
        score={isStaff ? prospect.score : undefined}
        scoreLabel={(score) => t(messages.scoreValue, { score })}
        openLabel={t(messages.openProspect, { name })}
        onOpen={() => onOpen(prospect)}
      />
    </div>
  );
});

/** The four dashboard columns (§2), virtualised: the DOM stays small whatever the number of prospects. */
export const DashboardBoard = memo(function DashboardBoard({
  columns,
  isStaff,
  onOpen,
  onCleanNurture,
  canCleanNurture,
  cleaning,
}: DashboardBoardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const renderItem = useCallback(
    (prospect: ProspectSummary) => (
      <DashboardCard prospect={prospect} isStaff={isStaff} onOpen={onOpen} />
    ),
    [isStaff, onOpen],
  );
  return (
    <div data-testid="dashboard-board" className={styles.contents}>
      <KanbanBoard label={t(messages.boardLabel)}>
        {columns.map((column) => (
          <div
            key={column.id}
            data-testid={`dashboard-column-${column.id}`}
            data-count={column.count}
            className={styles.contents}
          >
            <KanbanColumn<ProspectSummary>
              title={t(columnMessages[column.id])}
              items={column.prospects}
              getItemKey={(prospect) => prospect.id}
              renderItem={renderItem}
              count={column.count}
              countLabel={(count) => t(messages.columnCount, { count })}
              emptyLabel={t(messages.columnEmpty)}
              accent={accents[column.id]}
              estimateItemHeight={isStaff ? 136 : 130}
              overscan={3}
              headerEnd={
                column.id === 'to_nurture' && canCleanNurture ? (
                  <IconButton
                    size="small"
                    icon={<BroomIcon />}
                    label={t(messages.cleanNurture)}
                    disabled={cleaning}
                    aria-busy={cleaning || undefined}
                    onClick={onCleanNurture}
                  />
                ) : undefined
              }
            />
          </div>
        ))}
      </KanbanBoard>
    </div>
  );
});

/** The loading state: the same four columns with skeleton cards. */
export function DashboardBoardSkeleton() {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <KanbanBoard label={t(messages.loading)}>
      {(['ongoing', 'to_call', 'to_nurture', 'new_opportunity'] as const).map((id) => (
        <KanbanColumn<ProspectSummary>
          key={id}
          title={t(columnMessages[id])}
          items={[]}
          getItemKey={(prospect) => prospect.id}
          renderItem={() => null}
          loading
          accent={accents[id]}
        />
      ))}
    </KanbanBoard>
  );
}

import { memo } from 'react';
import { useIntl } from 'react-intl';
import type { ProspectSummary } from '@prospecta/api-client';
import type { DashboardColumn } from '@prospecta/domain';
import { IconButton, KanbanBoard, KanbanColumn, vars } from '@prospecta/ui';
import { statusTones } from '../../prospect';
import { ProspectBoard, type BoardColumnModel } from '../../board';
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
  return (
    <div data-testid="dashboard-board" className={styles.contents}>
      <ProspectBoard
        label={t(messages.boardLabel)}
        columns={columns}
        testId="dashboard"
        columnTitle={(id) => t(columnMessages[id])}
        columnAccent={(id) => accents[id]}
        isStaff={isStaff}
        onOpen={onOpen}
        showCampaign
        headerEnd={(id) =>
          id === 'to_nurture' && canCleanNurture ? (
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

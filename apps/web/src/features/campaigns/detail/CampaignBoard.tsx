import { memo, useCallback } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ProspectSummary } from '@prospecta/api-client';
import { CAMPAIGN_CATEGORIES, type CampaignCategory } from '@prospecta/domain';
import { KanbanBoard, KanbanColumn, ProspectCard, TagList, vars } from '@prospecta/ui';
import { ProspectStatusChip, prospectName, statusTones } from '../../prospect';
import type { BoardColumnModel } from '../../board';
import { messages } from '../messages';
import * as styles from '../components/campaigns.css';

const categoryMessages: Record<CampaignCategory, MessageDescriptor> = {
  ongoing: messages.categoryOngoing,
  to_call: messages.categoryToCall,
  answerers: messages.categoryAnswerers,
  lost: messages.categoryLost,
  converted: messages.categoryConverted,
  nurture: messages.categoryNurture,
};

const accents: Record<CampaignCategory, string> = {
  ongoing: vars.tone[statusTones.ongoing],
  to_call: vars.tone[statusTones.to_call],
  answerers: vars.color.info,
  lost: vars.tone[statusTones.lost],
  converted: vars.tone[statusTones.converted],
  nurture: vars.tone[statusTones.nurture],
};

interface CardProps {
  prospect: ProspectSummary;
  isStaff: boolean;
  onOpen: (prospect: ProspectSummary) => void;
}

const CampaignCard = memo(function CampaignCard({ prospect, isStaff, onOpen }: CardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const name = prospectName(prospect) ?? t(messages.noName);
  return (
    <div data-testid="prospect-card" data-prospect-id={prospect.id} data-prospect-name={name}>
      <ProspectCard
        name={name}
        company={prospect.company_name}
        position={prospect.position ?? undefined}
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

export interface CampaignBoardProps {
  columns: readonly BoardColumnModel<ProspectSummary, CampaignCategory>[];
  isStaff: boolean;
  onOpen: (prospect: ProspectSummary) => void;
  loading?: boolean;
}

/** The six columns of §2 Campaign detail by displayed category (§4), with counts; virtualised columns. */
export const CampaignBoard = memo(function CampaignBoard({
  columns,
  isStaff,
  onOpen,
  loading = false,
}: CampaignBoardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const renderItem = useCallback(
    (prospect: ProspectSummary) => (
      <CampaignCard prospect={prospect} isStaff={isStaff} onOpen={onOpen} />
    ),
    [isStaff, onOpen],
  );
  const shown = loading
    ? CAMPAIGN_CATEGORIES.map((id) => ({ id, prospects: [], count: 0 }))
    : columns;
  return (
    <div className={styles.board} data-testid="campaign-board">
      <KanbanBoard label={t(messages.boardLabel)}>
        {shown.map((column) => (
          <div
            key={column.id}
            data-testid={`campaign-column-${column.id}`}
            data-count={column.count}
            className={styles.contents}
          >
            <KanbanColumn<ProspectSummary>
              title={t(categoryMessages[column.id])}
              items={column.prospects}
              getItemKey={(prospect) => prospect.id}
              renderItem={renderItem}
              count={column.count}
              countLabel={(count) => t(messages.columnCount, { count })}
              emptyLabel={t(messages.columnEmpty)}
              accent={accents[column.id]}
              estimateItemHeight={isStaff ? 118 : 112}
              overscan={3}
              loading={loading}
            />
          </div>
        ))}
      </KanbanBoard>
    </div>
  );
});

import { memo } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ProspectSummary } from '@prospecta/api-client';
import { CAMPAIGN_CATEGORIES, type CampaignCategory } from '@prospecta/domain';
import { vars } from '@prospecta/ui';
import { statusTones } from '../../prospect';
import { ProspectBoard, type BoardColumnModel } from '../../board';
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
  const shown = loading
    ? CAMPAIGN_CATEGORIES.map((id) => ({ id, prospects: [], count: 0 }))
    : columns;
  return (
    <div className={styles.board} data-testid="campaign-board">
      <ProspectBoard
        label={t(messages.boardLabel)}
        columns={shown}
        testId="campaign"
        columnTitle={(id) => t(categoryMessages[id])}
        columnAccent={(id) => accents[id]}
        isStaff={isStaff}
        onOpen={onOpen}
        loading={loading}
      />
    </div>
  );
});

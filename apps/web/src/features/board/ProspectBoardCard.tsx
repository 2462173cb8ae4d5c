import { memo } from 'react';
import { useIntl } from 'react-intl';
import type { ProspectSummary } from '@prospecta/api-client';
import { ProspectCard, TagList } from '@prospecta/ui';
import { ProspectStatusChip, prospectName } from '../prospect';
import { messages } from './messages';
import { withElision } from '../../core/i18n';

export interface ProspectBoardCardProps {
  prospect: ProspectSummary;
  isStaff: boolean;
  onOpen: (prospect: ProspectSummary) => void;
  /** Shows the prospect's campaign (a board that mixes campaigns). */
  showCampaign: boolean;
}

/** One card of the board; memoised so a search only renders the cards that appear. */
export const ProspectBoardCard = memo(function ProspectBoardCard({
  prospect,
  isStaff,
  onOpen,
  showCampaign,
}: ProspectBoardCardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const name = prospectName(prospect) ?? t(messages.noName);
  return (
    <div data-testid="prospect-card" data-prospect-id={prospect.id} data-prospect-name={name}>
      <ProspectCard
        name={name}
        company={prospect.company_name}
        position={prospect.position ?? undefined}
        {...(showCampaign
          ? { campaign: prospect.campaign_name, campaignLabel: t(messages.fieldCampaign) }
          : {})}
        status={<ProspectStatusChip status={prospect.prospecting_status} />}
        tags={
          prospect.tags.length > 0 ? (
            <TagList tags={prospect.tags} label={t(messages.fieldTags)} max={3} />
          ) : undefined
        }
        score={isStaff ? prospect.score : undefined}
        scoreLabel={(score) => t(messages.scoreValue, { score })}
        openLabel={t(messages.openProspect, withElision(name))}
        onOpen={() => onOpen(prospect)}
      />
    </div>
  );
});

import { memo } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { FUNNEL_STAGES, funnelOf, type FunnelStage } from '@prospecta/domain';
import { messages } from '../messages';
import * as styles from './campaigns.css';
import { withElision } from '../../../core/i18n';

export interface FunnelCounts {
  contacted: number;
  contacts_opened: number;
  contacts_clicked: number;
  contacts_answered: number;
}

export interface CampaignFunnelProps {
  /** The campaign's (or a step's) name, said in the description. */
  name: string;
  counts: FunnelCounts;
  /** 'compact' fits a table cell; 'wide' shows the stage names beside the bars. */
  size?: 'compact' | 'wide';
}

const stageMessages: Record<FunnelStage, MessageDescriptor> = {
  contacted: messages.stageContacted,
  opened: messages.stageOpened,
  clicked: messages.stageClicked,
  answered: messages.stageAnswered,
};

const BAR_HEIGHT = 7;
const GAP = 2;

/**
 * The funnel of a campaign or a step (contacted → opened → clicked → answered) as one bar per stage, each as
 * long as its share of the contacted people (beyond the spec). Plain SVG, no chart library: it ships
 * with the campaigns screen only. Screen readers get the whole funnel as one sentence.
 */
export const CampaignFunnel = memo(function CampaignFunnel({
  name,
  counts,
  size = 'compact',
}: CampaignFunnelProps) {
  const intl = useIntl();
  const points = funnelOf(counts);
  const percent = (share: number) =>
    intl.formatNumber(share / 100, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  const [, opened, clicked, answered] = points;
  const description = intl.formatMessage(messages.funnelDescription, {
    ...withElision(name),
    contacted: counts.contacted,
    opened: opened!.count,
    openedShare: percent(opened!.share),
    clicked: clicked!.count,
    clickedShare: percent(clicked!.share),
    answered: answered!.count,
    answeredShare: percent(answered!.share),
  });
  const width = 100;
  const height = FUNNEL_STAGES.length * (BAR_HEIGHT + GAP) - GAP;
  const svg = (
    <svg
      className={size === 'compact' ? styles.funnelCompact : styles.funnelWide}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={description}
      data-testid="campaign-funnel"
    >
      {points.map((point, index) => {
        const barWidth =
          counts.contacted > 0
            ? Math.max((point.count / counts.contacted) * width, point.count > 0 ? 1 : 0)
            : 0;
        return (
          <g key={point.stage}>
            <rect
              x={0}
              y={index * (BAR_HEIGHT + GAP)}
              width={width}
              height={BAR_HEIGHT}
              className={styles.funnelTrack}
            />
            <rect
              x={0}
              y={index * (BAR_HEIGHT + GAP)}
              width={Math.min(barWidth, width)}
              height={BAR_HEIGHT}
              className={styles.funnelBar[point.stage]}
            />
          </g>
        );
      })}
    </svg>
  );
  if (size === 'compact') return svg;
  return (
    <div className={styles.funnelWideBox}>
      {svg}
      <ul className={styles.funnelLegend} aria-hidden="true">
        {points.map((point) => (
          <li key={point.stage}>
            <span className={styles.funnelSwatch[point.stage]} />
            {intl.formatMessage(stageMessages[point.stage])} {intl.formatNumber(point.count)}
          </li>
        ))}
      </ul>
    </div>
  );
});

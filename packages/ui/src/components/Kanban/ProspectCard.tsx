import type { ReactNode } from 'react';
import { Megaphone } from 'lucide-react';
import { visuallyHidden } from '../../css/utils.css';
import * as styles from './Kanban.css';

export interface ProspectCardProps {
  /** Full name; also the accessible name of the button that opens the prospect. */
  name: string;
  company?: string;
  position?: string;
  /** The status, e.g. a ToneChip. */
  status?: ReactNode;
  /** A TagList. */
  tags?: ReactNode;
  /** Staff only: the score (pass nothing for customers). */
  score?: number | null;
  /** Accessible text of the score, e.g. (score) => `Score ${score}`. */
  scoreLabel?: (score: number) => string;
  /** e.g. a Badge "Answered". */
  badge?: ReactNode;
  lastComment?: string;
  /** The campaign the prospect belongs to: the same person in two campaigns makes two cards that differ by it. */
  campaign?: string;
  /** Words read before the campaign by screen readers, e.g. "Campaign:" (the icon says it to sighted users). */
  campaignLabel?: string;
  onOpen: () => void;
  /** Accessible name of the open button when it should differ from the name (e.g. "Open Claire Dubois"). */
  openLabel?: string;
}

/** A prospect in a kanban column; the whole card opens the prospect (one button, stretched). */
export function ProspectCard({
  name,
  company,
  position,
  status,
  tags,
  score,
  scoreLabel,
  badge,
  lastComment,
  campaign,
  campaignLabel,
  onOpen,
  openLabel,
}: ProspectCardProps) {
  const meta = [position, company].filter(Boolean).join(' · ');
  return (
    <article className={styles.card}>
      <div className={styles.cardHeader}>
        <button type="button" className={styles.cardTitle} onClick={onOpen} aria-label={openLabel}>
          {name}
        </button>
        {typeof score === 'number' && (
          <span className={styles.score} title={scoreLabel?.(score)}>
            {scoreLabel ? (
              <span aria-label={scoreLabel(score)} role="img">
                {score}
              </span>
            ) : (
              score
            )}
          </span>
        )}
      </div>
      {meta && <p className={styles.cardMeta}>{meta}</p>}
      {campaign && (
        <p className={styles.cardCampaign} data-testid="prospect-card-campaign">
          <Megaphone size={14} aria-hidden focusable={false} className={styles.cardCampaignIcon} />
          <span>
            {campaignLabel && <span className={visuallyHidden}>{campaignLabel} </span>}
            {campaign}
          </span>
        </p>
      )}
      {lastComment && <p className={styles.comment}>{lastComment}</p>}
      {(status || badge || tags) && (
        <div className={styles.cardFooter}>
          {status}
          {badge}
          {tags}
        </div>
      )}
    </article>
  );
}

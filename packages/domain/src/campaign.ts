/**
 * The campaigns' pure rules (§2 Campaigns list, §3 Campaign, §9): step names and rates, the list's sort and
 * search, the funnel of a step. No React, no DOM; typed against the generated contract.
 */
import type { Campaign, CampaignStep } from './contract';

/** A step named 'n/a' is displayed as 'LinkedIn invitation' (§3). */
export const UNNAMED_STEP = 'n/a';

export function isUnnamedStep(step: Pick<CampaignStep, 'name'>): boolean {
  return step.name.trim().toLowerCase() === UNNAMED_STEP;
}

/**
 * A rate as a percentage with two decimals (§9): 12.345… → 12.35. A divisor of 0 (or a missing or
 * non-finite count) gives 0, never NaN or Infinity.
 */
export function rate(part: number | null | undefined, whole: number | null | undefined): number {
  if (
    typeof part !== 'number' ||
    typeof whole !== 'number' ||
    !Number.isFinite(part) ||
    !Number.isFinite(whole) ||
    whole <= 0
  ) {
    return 0;
  }
  return Math.round((part / whole) * 10_000) / 100;
}

export interface StepRates {
  /** opened / contacted */
  opened: number;
  /** clicked / opened */
  clicked: number;
  /** answered / opened; answered / contacted for a linkedin_message step (a message has no opening). */
  answered: number;
}

type StepCounts = Pick<
  CampaignStep,
  'workflow_step_type' | 'contacted' | 'contacts_opened' | 'contacts_clicked' | 'contacts_answered'
>;

/** The three rates of a step (§9). */
export function stepRates(step: StepCounts): StepRates {
  return {
    opened: rate(step.contacts_opened, step.contacted),
    clicked: rate(step.contacts_clicked, step.contacts_opened),
    answered:
      step.workflow_step_type === 'linkedin_message'
        ? rate(step.contacts_answered, step.contacted)
        : rate(step.contacts_answered, step.contacts_opened),
  };
}

/** The steps in campaign order (by position, then id), without changing the input. */
export function orderedSteps<S extends Pick<CampaignStep, 'position' | 'id'>>(
  steps: readonly S[],
): S[] {
  return [...steps].sort((a, b) => a.position - b.position || a.id - b.id);
}

// ── the funnel ──

export const FUNNEL_STAGES = ['contacted', 'opened', 'clicked', 'answered'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export interface FunnelPoint {
  stage: FunnelStage;
  count: number;
  /** Share of the contacted people, as a percentage with two decimals. */
  share: number;
}

/** contacted → opened → clicked → answered of a step (or of a whole campaign), with each stage's share of contacted. */
export function funnelOf(
  counts: Pick<
    StepCounts,
    'contacted' | 'contacts_opened' | 'contacts_clicked' | 'contacts_answered'
  >,
): FunnelPoint[] {
  const values: Record<FunnelStage, number> = {
    contacted: counts.contacted,
    opened: counts.contacts_opened,
    clicked: counts.contacts_clicked,
    answered: counts.contacts_answered,
  };
  return FUNNEL_STAGES.map((stage) => ({
    stage,
    count: values[stage],
    share: rate(values[stage], counts.contacted),
  }));
}

// ── the list: sort and search ──

export const CAMPAIGN_SORT_KEYS = ['name', 'active'] as const;
export type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];

export interface CampaignSort {
  key: CampaignSortKey;
  direction: 'asc' | 'desc';
}

/** §9: the campaigns list is sorted by name ascending by default. */
export const DEFAULT_CAMPAIGN_SORT: CampaignSort = { key: 'name', direction: 'asc' };

export function isCampaignSortKey(value: unknown): value is CampaignSortKey {
  return typeof value === 'string' && (CAMPAIGN_SORT_KEYS as readonly string[]).includes(value);
}

type ListCampaign = Pick<Campaign, 'id' | 'name' | 'is_active' | 'user'>;

/**
 * Sorts campaigns (a new array). Name: the locale's collation (case- and accent-insensitive). Active:
 * design decision, ascending puts the active campaigns first (the first click on the header shows what is
 * running), descending the inactive ones; ties by name ascending, then id, so the order is stable.
 */
export function sortCampaigns<C extends ListCampaign>(
  campaigns: readonly C[],
  sort: CampaignSort,
  locale: string,
): C[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...campaigns].sort((a, b) => {
    if (sort.key === 'active') {
      const byActive = (Number(b.is_active) - Number(a.is_active)) * sign;
      if (byActive !== 0) return byActive;
      return collator.compare(a.name, b.name) || a.id - b.id;
    }
    return collator.compare(a.name, b.name) * sign || a.id - b.id;
  });
}

/** Lower-cases and strips accents, so 'elodie' finds 'Élodie'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * The list's search (§2): every word of the query must appear in the campaign's name; staff also find a
 * campaign by its owner's full name or company. Case- and accent-insensitive; a blank query matches all.
 */
export function matchesCampaignSearch(
  campaign: ListCampaign,
  query: string,
  options: { includeOwner: boolean },
): boolean {
  const words = foldText(query)
    .split(/\s+/)
    .filter((word) => word.length > 0);
  if (words.length === 0) return true;
  const fields = [campaign.name];
  if (options.includeOwner) fields.push(campaign.user.full_name, campaign.user.company_name);
  const haystack = foldText(fields.join('\n'));
  return words.every((word) => haystack.includes(word));
}

/** Search, then sort: the rows of the campaigns list. */
export function campaignRows<C extends ListCampaign>(
  campaigns: readonly C[],
  options: { query: string; sort: CampaignSort; locale: string; includeOwner: boolean },
): C[] {
  return sortCampaigns(
    campaigns.filter((campaign) => matchesCampaignSearch(campaign, options.query, options)),
    options.sort,
    options.locale,
  );
}

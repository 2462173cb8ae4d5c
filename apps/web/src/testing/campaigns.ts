import type { CampaignDetail, ProspectSummary } from '@prospecta/api-client';
import {
  campaignDetailOf,
  createScenario,
  makeCampaign,
  makeProspectSummary,
} from '@prospecta/api-client/fixtures';

/**
 * Campaign data of the campaign stories (list, detail and their components), all from the api-client fixtures:
 * the scenario's campaigns as the MSW handlers serve them, and generated prospects for the large cases.
 */

/** A campaign of the fixture scenario with its prospects, as the server answers it (50: the long-named prospect). */
export function scenarioCampaign(campaignId = 50): CampaignDetail {
  const detail = campaignDetailOf(createScenario(), campaignId);
  if (!detail) throw new Error(`The fixture scenario has no campaign ${campaignId}.`);
  return detail;
}

const campaignRef = { id: 50, name: 'Relance grands comptes — printemps 2026', is_active: true };
const statuses = [
  'ongoing',
  'pending',
  'to_call',
  'lost',
  'converted',
  'nurture',
  'nurtured',
] as const;

/** `count` prospects of campaign 50 over every status, every fifth with answers (10,000 for the size cases). */
export function campaignProspects(count: number): ProspectSummary[] {
  return Array.from({ length: count }, (_, i) =>
    makeProspectSummary(
      i + 1,
      {
        status: statuses[i % statuses.length],
        userId: 2,
        hasResponses: i % 5 === 0,
        campaign: campaignRef,
      },
      { id: 60_000 + i },
    ),
  );
}

/** The campaign call's answer for these prospects. */
export const withProspects = (
  prospects: ProspectSummary[],
  campaign = makeCampaign(1),
): CampaignDetail => ({ campaign, prospects });

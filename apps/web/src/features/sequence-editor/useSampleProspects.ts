import { useQuery } from '@tanstack/react-query';
import { campaignSampleProspectsQueryOptions } from '@prospecta/api-client';
import type { SampleProspect } from '@prospecta/domain/contract';
import { useApiClients } from '../../core/hooks';

const NONE: SampleProspect[] = [];

/**
 * The campaign's sample prospects for the sequence editor's preview (staff only): an empty list while they load or
 * when the call fails (the preview then shows the fallbacks), with the query for a screen that shows its state.
 */
export function useSampleProspects(campaignId: number | null, limit = 5) {
  const clients = useApiClients();
  const query = useQuery({
    ...campaignSampleProspectsQueryOptions(clients, campaignId ?? 0, limit),
    enabled: campaignId !== null,
  });
  return { samples: query.data?.prospects ?? NONE, query };
}

import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';
import type { CampaignDefinition } from '@prospecta/api-client';
import { parseId, WIZARD_DRAFT_PARAM } from '../../core/paths';

/** The campaign the builder edits, given by the layout to the step pages. */
export interface Builder {
  /** The customer selected in the sidebar, who owns the campaign. */
  userId: number;
  customerName: string;
  definition: CampaignDefinition;
}

export const BuilderContext = createContext<Builder | null>(null);

/** The campaign being built; only inside the layout's step outlet. */
export function useBuilder(): Builder {
  const builder = useContext(BuilderContext);
  if (!builder)
    throw new Error('useBuilder must be used inside the wizard layout (BuilderContext).');
  return builder;
}

/**
 * The draft of the address (`?draft=12`), else null. The draft itself lives on the server: the address names it, so
 * a reload or another browser opens the same campaign, and the browser's storage keeps only the wizard's step.
 */
export function useDraftId(): number | null {
  const [params] = useSearchParams();
  return parseId(params.get(WIZARD_DRAFT_PARAM) ?? undefined);
}

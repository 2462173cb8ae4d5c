import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateCampaignDefinitionMutationOptions,
  type CampaignDefinition,
  type CampaignDefinitionUpdate,
  type SequenceStepInput,
} from '@prospecta/api-client';
import { toast } from '@prospecta/ui';
import { useApiClients } from '../../core/hooks';
import { useBuilder } from './builderContext';
import { campaignErrorText } from './builderErrors';
import { messages } from './messages';

/** What the server saves: the whole definition, as the builder shows it. */
export function definitionUpdate(definition: CampaignDefinition): CampaignDefinitionUpdate {
  return {
    settings: definition.settings,
    brief: definition.brief,
    steps: definition.steps.map(({ position: _position, ...step }): SequenceStepInput => ({
      ...step,
    })),
    landing_pages: definition.landing_pages,
  };
}

/**
 * Saves one part of the definition with the rest as the server last answered it. A refusal shows a toast and an
 * alert with the translated code, and answers false: the step's form keeps what was typed.
 */
export function useSaveDefinition() {
  const intl = useIntl();
  const { userId, definition } = useBuilder();
  const mutation = useMutation(
    updateCampaignDefinitionMutationOptions(useApiClients(), useQueryClient()),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (part: Partial<CampaignDefinitionUpdate>): Promise<boolean> => {
    setFailure(null);
    try {
      await mutation.mutateAsync({
        campaignId: definition.id,
        userId,
        definition: { ...definitionUpdate(definition), ...part },
      });
      toast.success(intl.formatMessage(messages.saved));
      return true;
    } catch (cause) {
      const text = campaignErrorText(intl, cause, messages.saveFailed);
      setFailure(text);
      toast.error(text);
      return false;
    }
  };
  return { save, failure, saving: mutation.isPending };
}

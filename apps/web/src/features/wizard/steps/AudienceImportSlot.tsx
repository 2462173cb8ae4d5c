import { ImportProspects } from '../../imports';

/**
 * The summary's audience section: the import of the campaign's prospects (features/imports), where staff add the
 * audience the launch needs.
 */
export function AudienceImportSlot({ campaignId }: { campaignId: number }) {
  return <ImportProspects campaignId={campaignId} />;
}

/**
 * The place of the prospects' import in the summary's audience section. The import component
 * (features/imports) is not part of this version yet; once it is, it renders here with the campaign and its owner,
 * and the audience count above follows its result.
 */
export function AudienceImportSlot(_props: { campaignId: number; userId: number }) {
  return null;
}

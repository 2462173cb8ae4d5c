// Imports of prospects (staff): the panel to place on a campaign's page or in the campaign builder.
export { ImportProspects, type ImportProspectsProps } from './ImportProspects';

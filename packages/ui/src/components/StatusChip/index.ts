export { prospectStatuses, StatusChip, type ProspectStatusValue, type StatusChipProps } from './StatusChip';

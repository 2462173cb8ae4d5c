export { DateChip, type DateChipProps } from './DateChip';

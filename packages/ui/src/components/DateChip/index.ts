export { DateChip, type DateChipProps } from './DateChip';
export { DEFAULT_TIME_ZONE, dateFormats, formatDateTime, toDate, type DateFormat } from './format';

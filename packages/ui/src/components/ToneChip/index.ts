export { ToneChip, type ToneChipProps } from './ToneChip';

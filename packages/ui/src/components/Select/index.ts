export {
  Select,
  selectLabelPositions,
  type SelectLabelPosition,
  type SelectOption,
  type SelectProps,
} from './Select';

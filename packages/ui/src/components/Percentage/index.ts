export { Percentage, type PercentageProps } from './Percentage';
export {
  formatPercentage,
  percentageOf,
  percentageTone,
  percentageTones,
  type PercentageTone,
} from './format';

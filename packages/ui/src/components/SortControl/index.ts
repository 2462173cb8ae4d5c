export { SortControl, type SortControlProps } from './SortControl';

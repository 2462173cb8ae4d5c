export {
  Table,
  TABLE_SKELETON_ROWS,
  tableAligns,
  type TableAlign,
  type TableColumn,
  type TablePageStatus,
  type TablePagination,
  type TableProps,
  type TableRefresh,
  type TableSearch,
} from './Table';
export {
  ariaSortOf,
  compareValues,
  nextSort,
  sortDirections,
  sortRows,
  type SortDirection,
  type SortState,
  type SortValue,
} from './sort';
export { clampPage, pageCountOf, pageRange, paginate } from './pagination';

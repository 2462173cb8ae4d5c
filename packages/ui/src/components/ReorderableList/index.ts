export {
  ReorderableList,
  ReorderButtons,
  reorderTarget,
  type ReorderableListProps,
  type ReorderButtonsProps,
  type ReorderHandle,
} from './ReorderableList';

export { TagList, type Tag, type TagListProps } from './TagList';

export { KanbanBoard, type KanbanBoardProps } from './KanbanBoard';
export { KanbanColumn, type KanbanColumnProps } from './KanbanColumn';
export { ProspectCard, type ProspectCardProps } from './ProspectCard';

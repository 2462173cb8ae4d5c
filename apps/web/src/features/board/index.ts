// The prospect board shared by the dashboard and the campaign detail: grouping into columns, search and sort
// (§2, §4 displayed category, §9), as pure functions and one memoised hook; its columns, its view switch and its texts.
export * from './boardModel';
export { useBoardModel } from './useBoardModel';
export { ProspectBoard } from './ProspectBoard';
export { messages as boardMessages, sortFieldMessages } from './messages';
export { ViewSwitch } from './ViewSwitch';

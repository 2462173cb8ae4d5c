// The prospect board shared by the dashboard and the campaign detail: grouping into columns, search and sort
// (§2, §4 displayed category, §9), as pure functions and one memoised hook.
export * from './boardModel';
export { useBoardModel } from './useBoardModel';

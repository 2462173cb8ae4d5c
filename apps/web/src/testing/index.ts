// @prospecta/web's package entry: the app itself starts in main.tsx; this exposes the story and test helpers to apps/storybook.
export { withApp, TestApp, type AppStoryParameters } from './decorators';

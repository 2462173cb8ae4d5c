// @prospecta/web: the app is started by main.tsx; this entry exposes the story/test helpers to apps/storybook.
export { withApp, TestApp, type AppStoryParameters } from './testing/decorators';

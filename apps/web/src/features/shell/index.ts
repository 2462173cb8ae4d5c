export { AppToaster } from './AppToaster';
export { ScreenLoadError } from './ScreenLoadError';

export { AppToaster } from './AppToaster';

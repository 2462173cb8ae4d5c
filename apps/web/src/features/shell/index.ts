export { StartupError } from './StartupError';

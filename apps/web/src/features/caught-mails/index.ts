export { CaughtMailsPage } from './CaughtMailsPage';

export { InboxPage } from './InboxPage';

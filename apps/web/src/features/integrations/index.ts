export { IntegrationsTab } from './IntegrationsTab';

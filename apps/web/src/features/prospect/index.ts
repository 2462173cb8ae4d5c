export { ProspectDetailModal, type ProspectDetailModalProps } from './components/ProspectDetailModal';
export { statusMessages, activityMessages, titleMessages, prospectName } from './statusLabels';
export { useProspectStatus } from './hooks/useProspectStatus';

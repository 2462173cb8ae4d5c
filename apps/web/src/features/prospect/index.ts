export { ProspectDetailModal } from './components/ProspectDetailModal';
export { statusMessages, titleMessages, prospectName } from './statusLabels';
export { useProspectStatus } from './hooks/useProspectStatus';
export { HistoryItem } from './components/HistoryList';
export { messages as prospectMessages } from './messages';
export { ProspectStatusChip } from './components/ProspectStatusChip';
export { statusTones } from './statusTones';
export { StatusConfirmDialog } from './components/StatusConfirmDialog';

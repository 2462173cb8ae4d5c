export {
  ConfirmDialog,
  confirmTones,
  type ConfirmDialogProps,
  type ConfirmTone,
} from './ConfirmDialog';

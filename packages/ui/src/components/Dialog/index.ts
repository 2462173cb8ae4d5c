export { Dialog, dialogSizes, type DialogProps, type DialogSize } from './Dialog';
export {
  ModalStackProvider,
  useModalStack,
  type ModalStackProviderProps,
} from './ModalStackProvider';
export { createModalStack, type ModalEntry, type ModalStack } from './modalStack';

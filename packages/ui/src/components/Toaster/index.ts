export {
  Toaster,
  TOAST_DEFAULTS,
  toast,
  toastPositions,
  type ToasterProps,
  type ToastPosition,
} from './Toaster';

export { FileDrop, type FileDropEntry, type FileDropProps } from './FileDrop';
export {
  FILE_DROP_ACCEPT,
  FILE_DROP_MAX_BYTES,
  fileRejectionReasons,
  formatFileSize,
  matchesAccept,
  validateFiles,
  type FileRejection,
  type FileRejectionReason,
  type FileRules,
  type FileValidation,
} from './validate';

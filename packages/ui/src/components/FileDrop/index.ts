export { FileDrop, type FileDropEntry, type FileDropProps } from './FileDrop';
export {
  fileRejectionReasons,
  formatFileSize,
  matchesAccept,
  validateFiles,
  type FileRejection,
  type FileRejectionReason,
  type FileRules,
  type FileValidation,
} from './validate';

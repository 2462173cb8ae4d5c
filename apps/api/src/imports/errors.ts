import type { ImportErrorCode } from '@prospecta/domain';

/** A file refused for its content: the import fails with this code, and retrying it cannot help. */
export class ImportFileError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'ImportFileError';
  }
}

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, startImportMutationOptions, type Import } from '@prospecta/api-client';
import {
  IMPORT_FILE_TYPES,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  isImportErrorCode,
} from '@prospecta/domain';
import { FileDrop, type FileDropEntry } from '@prospecta/ui';
import { useApiClients } from '../../core/hooks';
import { errorMessages, messages } from './messages';

interface Upload {
  file: File;
  progress: number;
  error?: string;
}

/** The size limit as people write it: "50 MB", "50 Mo". */
export function useSizeLimit(): string {
  const intl = useIntl();
  return intl.formatNumber(MAX_IMPORT_BYTES / 1024 / 1024, {
    style: 'unit',
    unit: 'megabyte',
  });
}

/** Pick or drop one CSV or XLSX file; it is sent at once with its progress, and the server's refusal is told. */
export function ImportUpload({
  campaignId,
  onStarted,
}: {
  campaignId: number;
  onStarted: (started: Import) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const size = useSizeLimit();
  const mutation = useMutation(startImportMutationOptions(clients, queryClient));
  const [upload, setUpload] = useState<Upload | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const errorText = (cause: unknown): string => {
    if (cause instanceof ApiError) {
      const code = (cause.body as { code?: unknown } | null)?.code;
      if (isImportErrorCode(code)) return t(errorMessages[code]);
      if (cause.status === 413) return t(errorMessages.file_too_large);
      if (cause.status === 415) return t(errorMessages.not_a_spreadsheet);
      if (cause.status === 503) return t(messages.uploadBusy);
    }
    return t(messages.uploadFailed);
  };

  const start = (file: File) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setUpload({ file, progress: 0 });
    mutation
      .mutateAsync({
        campaignId,
        file,
        signal: current.signal,
        onProgress: ({ loaded, total }) =>
          setUpload((u) =>
            u && u.file === file ? { ...u, progress: total > 0 ? loaded / total : 0 } : u,
          ),
      })
      .then((started) => {
        if (!current.signal.aborted) onStarted(started);
      })
      .catch((cause: unknown) => {
        if (current.signal.aborted) return;
        setUpload((u) => (u && u.file === file ? { ...u, error: errorText(cause) } : u));
      });
  };

  const entries: FileDropEntry[] = upload
    ? [
        {
          key: 'upload',
          name: upload.file.name,
          size: upload.file.size,
          type: upload.file.type,
          progress: upload.progress,
          progressLabel: t(messages.uploadProgress, { name: upload.file.name }),
          ...(upload.error ? { error: upload.error } : {}),
        },
      ]
    : [];

  return (
    <div data-testid="import-upload">
      <FileDrop
        label={t(messages.dropLabel)}
        buttonLabel={t(messages.chooseFile)}
        hint={t(messages.dropHint, { size, rows: intl.formatNumber(MAX_IMPORT_ROWS) })}
        sizeErrorMessage={t(messages.tooLarge, { size })}
        typeErrorMessage={t(messages.wrongType)}
        removeLabel={(file) => t(messages.removeFile, { name: file.name })}
        locale={intl.locale}
        accept={IMPORT_FILE_TYPES}
        maxBytes={MAX_IMPORT_BYTES}
        multiple={false}
        disabled={Boolean(upload && !upload.error)}
        files={[]}
        onFilesChange={(picked) => {
          const [file] = picked;
          if (file) start(file);
        }}
        entries={entries}
        onRemoveEntry={() => {
          controller.current?.abort();
          setUpload(null);
        }}
      />
    </div>
  );
}

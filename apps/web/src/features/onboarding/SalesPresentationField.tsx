import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, uploadOnboardingFile, type UploadedFile } from '@prospecta/api-client';
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES } from '@prospecta/domain';
import { FileDrop, type FileDropEntry } from '@prospecta/ui';
import { useApiClients } from '../../core/hooks';
import { messages } from './messages';
import { withElision } from '../../core/i18n';

interface PendingUpload {
  key: string;
  file: File;
  progress: number;
  error?: string;
}

export interface SalesPresentationFieldProps {
  userId: number;
  /** The stored files (controlled). */
  files: readonly UploadedFile[];
  onFilesChange: (files: UploadedFile[]) => void;
  /** How many uploads are running or failed (the form waits for none). */
  onPendingChange?: (count: number) => void;
  disabled?: boolean;
}

/** §5 file upload: several images or PDFs, 15 MB each, each sent at once with its progress and removable. */
export function SalesPresentationField({
  userId,
  files,
  onFilesChange,
  onPendingChange,
  disabled,
}: SalesPresentationFieldProps) {
  const intl = useIntl();
  const clients = useApiClients();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // The files when an upload ends (several may end one after the other before a re-render).
  const filesRef = useRef(files);
  useEffect(() => {
    filesRef.current = files;
  }, [files]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => onPendingChange?.(pending.length), [pending.length, onPendingChange]);
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const errorText = (cause: unknown) => {
    if (cause instanceof ApiError && cause.status === 413)
      return intl.formatMessage(messages.fileTooLarge);
    if (cause instanceof ApiError && cause.status === 415)
      return intl.formatMessage(messages.fileRefusedContent);
    if (cause instanceof ApiError && cause.status === 503)
      return intl.formatMessage(messages.fileServerBusy);
    if (cause instanceof ApiError && cause.status === 507)
      return intl.formatMessage(messages.fileQuotaExceeded);
    return intl.formatMessage(messages.fileUploadFailed);
  };

  const start = (file: File) => {
    const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const controller = new AbortController();
    controllers.current.set(key, controller);
    setPending((list) => [...list, { key, file, progress: 0 }]);
    const update = (change: Partial<PendingUpload>) =>
      setPending((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
    uploadOnboardingFile(clients, {
      userId,
      file,
      signal: controller.signal,
      onProgress: ({ loaded, total }) => update({ progress: total > 0 ? loaded / total : 0 }),
    })
      .then((stored) => {
        setPending((list) => list.filter((item) => item.key !== key));
        const next = [...filesRef.current, stored];
        filesRef.current = next;
        onFilesChange(next);
      })
      .catch((cause: unknown) => {
        if (controller.signal.aborted) return;
        update({ error: errorText(cause) });
      })
      .finally(() => controllers.current.delete(key));
  };

  const entries: FileDropEntry[] = [
    ...files.map((file) => ({
      key: file.id,
      name: file.name,
      size: file.size,
      type: file.content_type,
    })),
    ...pending.map((item) => ({
      key: item.key,
      name: item.file.name,
      size: item.file.size,
      type: item.file.type,
      progress: item.progress,
      progressLabel: intl.formatMessage(messages.uploadProgress, withElision(item.file.name)),
      ...(item.error ? { error: item.error } : {}),
    })),
  ];

  return (
    <FileDrop
      label={intl.formatMessage(messages.salesPresentation)}
      buttonLabel={intl.formatMessage(messages.chooseFiles)}
      hint={intl.formatMessage(messages.filesHint)}
      sizeErrorMessage={intl.formatMessage(messages.fileTooLarge)}
      typeErrorMessage={intl.formatMessage(messages.fileWrongType)}
      removeLabel={(file) => intl.formatMessage(messages.removeFile, { name: file.name })}
      locale={intl.locale}
      accept={UPLOAD_CONTENT_TYPES}
      maxBytes={MAX_UPLOAD_BYTES}
      disabled={disabled}
      files={[]}
      onFilesChange={(picked) => picked.forEach(start)}
      entries={entries}
      onRemoveEntry={(key) => {
        const controller = controllers.current.get(key);
        if (controller) controller.abort();
        setPending((list) => list.filter((item) => item.key !== key));
        if (files.some((file) => file.id === key))
          onFilesChange(files.filter((file) => file.id !== key));
      }}
    />
  );
}

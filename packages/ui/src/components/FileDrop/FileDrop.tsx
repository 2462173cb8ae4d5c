import clsx from 'clsx';
import { FileText, Image as ImageIcon, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { visuallyHidden } from '../../css/utils.css';
import { Button } from '../Button';
import { IconButton } from '../IconButton';
import * as styles from './FileDrop.css';
import { formatFileSize, validateFiles, type FileRejection } from './validate';

/** A file shown in the list when the caller tracks uploads itself (see `entries`). */
export interface FileDropEntry {
  key: string;
  name: string;
  size: number;
  type: string;
  /** Upload progress from 0 to 1; omitted once the file is stored. */
  progress?: number;
  /** Accessible name of the progress bar, e.g. "Upload of brochure.pdf". */
  progressLabel?: string;
  /** Why this file was refused (e.g. by the server). */
  error?: string;
}

export interface FileDropProps {
  /** Visible label of the drop zone, e.g. "Sales presentation". */
  label: string;
  /** Text of the button that opens the file picker, e.g. "Choose files". */
  buttonLabel: string;
  /** Help text, e.g. "Images or PDF, up to 15 MB each. You can also drop files here." */
  hint?: ReactNode;
  /** The selected files (controlled). */
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  /**
   * Instead of `files`, the list the caller keeps (e.g. uploads with their progress). With entries, picked files are
   * only announced through `onFilesChange` (with the new files alone) and removal goes through `onRemoveEntry`.
   */
  entries?: readonly FileDropEntry[];
  onRemoveEntry?: (key: string) => void;
  /** Called with the files refused on the last pick or drop. */
  onReject?: (rejections: FileRejection[]) => void;
  /** Shown when a picked file is too large, e.g. "Some files exceed the 15MB size limit." */
  sizeErrorMessage: string;
  /** Shown when a picked file is neither an image nor a PDF. */
  typeErrorMessage: string;
  /** An error from the form (shown under the zone). */
  error?: ReactNode;
  /** Accessible name of a remove button, e.g. (file) => `Remove ${file.name}`. */
  removeLabel: (file: Pick<File, 'name'>) => string;
  /** Language of the file sizes. */
  locale: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Largest accepted file, in bytes (the product's limit, passed by the app). */
  maxBytes: number;
  /** Accepted MIME types, wildcards ('image/*') or extensions. */
  accept: readonly string[];
  name?: string;
  className?: string;
}

/** Pick or drop files (several by default) within the size and types the app passes. */
export function FileDrop({
  label,
  buttonLabel,
  hint,
  files,
  onFilesChange,
  entries,
  onRemoveEntry,
  onReject,
  sizeErrorMessage,
  typeErrorMessage,
  error,
  removeLabel,
  locale,
  multiple = true,
  disabled = false,
  maxBytes,
  accept,
  name,
  className,
}: FileDropProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [rejections, setRejections] = useState<FileRejection[]>([]);

  const add = (picked: FileList | null) => {
    if (!picked || disabled) return;
    const { accepted, rejected } = validateFiles(Array.from(picked), { maxBytes, accept });
    setRejections(rejected);
    if (rejected.length > 0) onReject?.(rejected);
    if (accepted.length > 0) {
      if (entries) onFilesChange(multiple ? accepted : accepted.slice(0, 1));
      else onFilesChange(multiple ? [...files, ...accepted] : accepted.slice(0, 1));
    }
  };

  const messages = [
    rejections.some((r) => r.reason === 'size') ? sizeErrorMessage : null,
    rejections.some((r) => r.reason === 'type') ? typeErrorMessage : null,
  ].filter((m): m is string => m !== null);
  const invalid = messages.length > 0 || Boolean(error);

  return (
    <div className={clsx(styles.root, className)}>
      <div
        className={styles.zone}
        data-dragging={dragging}
        data-invalid={invalid}
        data-disabled={disabled}
        data-testid="file-drop-zone"
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer.files);
        }}
      >
        <Upload size={28} aria-hidden="true" />
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        )}
        <Button
          variant="secondary"
          size="small"
          disabled={disabled}
          aria-describedby={
            [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onClick={() => inputRef.current?.click()}
        >
          {buttonLabel}
        </Button>
        <input
          ref={inputRef}
          className={visuallyHidden}
          type="file"
          name={name}
          multiple={multiple}
          accept={accept.join(',')}
          disabled={disabled}
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          data-testid="file-drop-input"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {invalid && (
        <div id={`${id}-error`} role="alert" className={styles.error}>
          {messages.map((message) => (
            <p key={message} style={{ margin: 0 }}>
              {message}
            </p>
          ))}
          {error}
        </div>
      )}
      {entries
        ? entries.length > 0 && (
            <ul className={styles.list} aria-labelledby={`${id}-label`}>
              {entries.map((entry) => (
                <li key={entry.key} className={styles.entry} data-invalid={Boolean(entry.error)}>
                  <div className={styles.entryRow}>
                    {entry.type === 'application/pdf' ? (
                      <FileText size={16} aria-hidden="true" />
                    ) : (
                      <ImageIcon size={16} aria-hidden="true" />
                    )}
                    <span className={styles.fileName} title={entry.name}>
                      {entry.name}
                    </span>
                    <span className={styles.fileSize}>{formatFileSize(entry.size, locale)}</span>
                    <IconButton
                      size="small"
                      variant="danger"
                      icon={<Trash2 size={16} />}
                      label={removeLabel(entry)}
                      disabled={disabled}
                      onClick={() => onRemoveEntry?.(entry.key)}
                    />
                  </div>
                  {entry.progress !== undefined && !entry.error && (
                    <div
                      className={styles.progress}
                      role="progressbar"
                      aria-label={entry.progressLabel ?? entry.name}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(entry.progress * 100)}
                    >
                      <div
                        className={styles.progressBar}
                        style={{ width: `${Math.round(entry.progress * 100)}%` }}
                      />
                    </div>
                  )}
                  {entry.error && <p className={styles.error}>{entry.error}</p>}
                </li>
              ))}
            </ul>
          )
        : files.length > 0 && (
            <ul className={styles.list} aria-labelledby={`${id}-label`}>
              {files.map((file, index) => (
                <li key={`${file.name}-${index}`} className={styles.item}>
                  {file.type === 'application/pdf' ? (
                    <FileText size={16} aria-hidden="true" />
                  ) : (
                    <ImageIcon size={16} aria-hidden="true" />
                  )}
                  <span className={styles.fileName} title={file.name}>
                    {file.name}
                  </span>
                  <span className={styles.fileSize}>{formatFileSize(file.size, locale)}</span>
                  <IconButton
                    size="small"
                    variant="danger"
                    icon={<Trash2 size={16} />}
                    label={removeLabel(file)}
                    disabled={disabled}
                    onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
                  />
                </li>
              ))}
            </ul>
          )}
    </div>
  );
}

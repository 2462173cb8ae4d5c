import { useState, type ReactNode } from 'react';
import { Button } from '../Button';
import { Dialog } from '../Dialog';

export const confirmTones = ['default', 'danger'] as const;
export type ConfirmTone = (typeof confirmTones)[number];

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Label of the "yes" button. */
  confirmLabel: string;
  /** Label of the "no" button. */
  cancelLabel: string;
  /** Called on "yes". If it returns a promise, the yes button shows a spinner and the dialog closes once it settles without error. */
  onConfirm: () => void | Promise<unknown>;
  /** Called on "no" (also on Escape / backdrop). Nothing else happens. */
  onCancel?: () => void;
  tone?: ConfirmTone;
  /** External busy flag (e.g. a mutation's isPending). */
  loading?: boolean;
}

/** A yes/no question. Answering no only closes it. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'default',
  loading = false,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const busy = loading || pending;

  const cancel = () => {
    if (busy) return;
    onCancel?.();
    onOpenChange(false);
  };

  const confirm = async () => {
    const result = onConfirm();
    if (result instanceof Promise) {
      setPending(true);
      try {
        await result;
        onOpenChange(false);
      } catch {
        // The caller reports the error (e.g. with a toast); the question stays open to retry.
      } finally {
        setPending(false);
      }
    } else {
      onOpenChange(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : cancel())}
      title={title}
      description={description}
      size="small"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={confirm}
            loading={busy}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

import * as RadixDialog from '@radix-ui/react-dialog';
import * as VisuallyHidden from '@radix-ui/react-visually-hidden';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { IconButton } from '../IconButton';
import * as styles from './Dialog.css';
import type { DialogSize } from './Dialog.css';
import { useModalStackInstance } from './ModalStackProvider';
import { TOAST_CLEAR } from '../Toaster/clearance';

export { dialogSizes, type DialogSize } from './Dialog.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Dialog title: always the accessible name; visually hidden with hideTitle. */
  title: ReactNode;
  hideTitle?: boolean;
  description?: ReactNode;
  /** Accessible name of the close button (e.g. "Close"). Omit to render no close button. */
  closeLabel?: string;
  size?: DialogSize;
  /** Buttons at the bottom (right-aligned). */
  footer?: ReactNode;
  /** Element that opens the dialog (rendered through Radix Trigger with asChild). */
  trigger?: ReactNode;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** When false, a backdrop click never closes (the close button and Escape still do). */
  closeOnBackdrop?: boolean;
  className?: string;
  children?: ReactNode;
}

function isInsideToaster(target: EventTarget | null) {
  return target instanceof Element && target.closest('[data-sonner-toaster]') !== null;
}

/**
 * A Radix dialog in the modal stack: only the top dialog closes on backdrop
 * click, Escape or its close button; dialogs below stay open.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  closeLabel,
  size = 'medium',
  footer,
  trigger,
  role = 'dialog',
  closeOnBackdrop = true,
  className,
  children,
}: DialogProps) {
  const stack = useModalStackInstance();
  const id = useId();
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  useEffect(() => {
    if (!open) return undefined;
    stack.push({ id, close: () => onOpenChangeRef.current(false) });
    return () => stack.remove(id);
  }, [open, id, stack]);

  // Radix returns focus only to its own Trigger; remember what had focus so a
  // controlled dialog (opened from any button or menu) gives focus back too.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      returnFocusRef.current =
        active instanceof HTMLElement && active !== document.body ? active : null;
    }
  }, [open]);

  const requestClose = useCallback(() => {
    if (stack.isTop(id)) onOpenChangeRef.current(false);
  }, [id, stack]);

  const titleNode = <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>;

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else requestClose();
      }}
    >
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} data-testid="dialog-backdrop" />
        <RadixDialog.Content
          role={role}
          className={clsx(styles.content({ size }), className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current;
            if (!trigger && target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onEscapeKeyDown={(event) => {
            if (!stack.isTop(id)) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!closeOnBackdrop || !stack.isTop(id) || isInsideToaster(event.target))
              event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (isInsideToaster(event.target)) event.preventDefault();
          }}
        >
          <div className={styles.header} {...TOAST_CLEAR}>
            {hideTitle ? <VisuallyHidden.Root>{titleNode}</VisuallyHidden.Root> : titleNode}
            {closeLabel && (
              <IconButton
                icon={<X size={18} />}
                label={closeLabel}
                size="small"
                onClick={requestClose}
              />
            )}
          </div>
          {description && (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          )}
          <div className={styles.body}>{children}</div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import * as styles from './AppShell.css';
import { AppShellContext, type AppShellState } from './AppShellContext';

export interface AppShellProps {
  sidebar: ReactNode;
  topBar: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  /** Controlled sidebar state (small screens); uncontrolled when omitted. */
  sidebarOpen?: boolean;
  onSidebarOpenChange?: (open: boolean) => void;
  /** Accessible name of the backdrop that closes the sidebar on small screens (e.g. "Close the menu"). */
  closeSidebarLabel: string;
}

/**
 * The authenticated layout: sidebar, top bar, main content and footer. Below 768 px
 * the sidebar collapses off-canvas; the TopBar's toggle opens it and the backdrop,
 * Escape or the sidebar's close button close it.
 */
export function AppShell({
  sidebar,
  topBar,
  footer,
  children,
  sidebarOpen,
  onSidebarOpenChange,
  closeSidebarLabel,
}: AppShellProps) {
  const [internalOpen, setInternalOpen] = useState(false);
  const open = sidebarOpen ?? internalOpen;
  const sidebarId = useId();
  const setOpen = useCallback(
    (next: boolean) => {
      if (sidebarOpen === undefined) setInternalOpen(next);
      onSidebarOpenChange?.(next);
    },
    [sidebarOpen, onSidebarOpenChange],
  );

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  const value = useMemo<AppShellState>(
    () => ({
      sidebarOpen: open,
      setSidebarOpen: setOpen,
      toggleSidebar: () => setOpen(!open),
      sidebarId,
    }),
    [open, setOpen, sidebarId],
  );

  return (
    <AppShellContext.Provider value={value}>
      <div className={styles.shell}>
        <div id={sidebarId} className={styles.sidebarSlot} data-open={open}>
          {sidebar}
        </div>
        {open && (
          <button
            type="button"
            className={styles.backdrop}
            aria-label={closeSidebarLabel}
            tabIndex={-1}
            onClick={() => setOpen(false)}
          />
        )}
        <div className={styles.topSlot}>{topBar}</div>
        <main className={styles.main}>{children}</main>
        {footer && <div className={styles.footerSlot}>{footer}</div>}
      </div>
    </AppShellContext.Provider>
  );
}

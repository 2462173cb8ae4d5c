import clsx from 'clsx';
import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from '../IconButton';
import * as styles from './AppShell.css';
import { useAppShell } from './AppShellContext';
import { TOAST_CLEAR } from '../Toaster/clearance';

export interface TopBarProps {
  /** Left slot (e.g. a page title or the staff user switcher). */
  start?: ReactNode;
  /** Right slot (e.g. LanguageSwitch and UserMenu). */
  end?: ReactNode;
  /** Accessible name of the sidebar toggle shown on small screens (e.g. "Open the menu"). */
  sidebarToggleLabel: string;
  className?: string;
}

export function TopBar({ start, end, sidebarToggleLabel, className }: TopBarProps) {
  const shell = useAppShell();
  return (
    <header className={clsx(styles.topBar, className)} {...TOAST_CLEAR}>
      {shell && (
        <IconButton
          className={styles.sidebarToggle}
          icon={<Menu size={20} />}
          label={sidebarToggleLabel}
          aria-expanded={shell.sidebarOpen}
          aria-controls={shell.sidebarId}
          onClick={shell.toggleSidebar}
        />
      )}
      <div className={styles.topBarStart}>{start}</div>
      <div className={styles.topBarEnd}>{end}</div>
    </header>
  );
}

export interface FooterProps {
  children: ReactNode;
  className?: string;
}

export function Footer({ children, className }: FooterProps) {
  return <footer className={clsx(styles.footer, className)}>{children}</footer>;
}

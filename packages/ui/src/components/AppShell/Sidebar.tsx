import clsx from 'clsx';
import { X } from 'lucide-react';
import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';
import { IconButton } from '../IconButton';
import * as styles from './AppShell.css';
import { useAppShell } from './AppShellContext';

export interface SidebarProps {
  /** Accessible name of the navigation landmark (e.g. "Main navigation"). */
  label: string;
  logo?: ReactNode;
  /** Accessible name of the close button shown on small screens (e.g. "Close the menu"). */
  closeLabel?: string;
  /** Bottom slot (e.g. the "new features" button). */
  footer?: ReactNode;
  children: ReactNode;
}

export function Sidebar({ label, logo, closeLabel, footer, children }: SidebarProps) {
  const shell = useAppShell();
  return (
    <nav className={styles.sidebar} aria-label={label}>
      <div className={styles.sidebarHeader}>
        {logo}
        {shell && closeLabel && (
          <IconButton
            className={styles.sidebarCloseButton}
            icon={<X size={18} />}
            label={closeLabel}
            size="small"
            onClick={() => shell.setSidebarOpen(false)}
          />
        )}
      </div>
      <div className={styles.sidebarBody}>{children}</div>
      {footer && <div className={styles.sidebarFooter}>{footer}</div>}
    </nav>
  );
}

export function SidebarNav({ children }: { children: ReactNode }) {
  return <ul className={styles.navList}>{children}</ul>;
}

export type SidebarItemProps<C extends ElementType = 'a'> = {
  /** Element or component to render: 'a' (default), 'button', or a router Link. */
  as?: C;
  icon?: ReactNode;
  label: ReactNode;
  /** Trailing element, e.g. an UnreadBadge. */
  badge?: ReactNode;
  /** Marks the current page (aria-current="page"). Router NavLinks may set aria-current themselves. */
  active?: boolean;
} & Omit<ComponentPropsWithoutRef<C>, 'as' | 'children'>;

/** A sidebar entry. Closes the sidebar on small screens after a click. */
export function SidebarItem<C extends ElementType = 'a'>({
  as,
  icon,
  label,
  badge,
  active,
  className,
  onClick,
  ...rest
}: SidebarItemProps<C>) {
  const Component: ElementType = as ?? 'a';
  const shell = useAppShell();
  return (
    <li>
      <Component
        className={clsx(styles.navItem, className)}
        aria-current={active ? 'page' : undefined}
        data-active={active || undefined}
        {...(Component === 'button' ? { type: 'button' } : {})}
        onClick={(event: React.MouseEvent<HTMLElement>) => {
          (onClick as ((e: React.MouseEvent<HTMLElement>) => void) | undefined)?.(event);
          shell?.setSidebarOpen(false);
        }}
        {...rest}
      >
        {icon && (
          <span className={styles.navIcon} aria-hidden="true">
            {icon}
          </span>
        )}
        <span className={styles.navLabel}>{label}</span>
        {badge}
      </Component>
    </li>
  );
}

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import * as styles from './ActionMenu.css';

export const actionMenuItemTones = ['default', 'danger'] as const;
export type ActionMenuItemTone = (typeof actionMenuItemTones)[number];

export interface ActionMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  tone?: ActionMenuItemTone;
  disabled?: boolean;
  /** A keyboard shortcut shown beside the label (e.g. "c"); the menu does not bind it. */
  shortcut?: string;
}

export interface ActionMenuProps {
  /** The trigger: any focusable element (a Button or an IconButton), given its accessible name by the caller. */
  trigger: ReactNode;
  items: readonly ActionMenuItem[];
  align?: 'start' | 'end';
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** A menu of actions behind a trigger (a row's or a pane's "Actions"), on Radix DropdownMenu. */
export function ActionMenu({ trigger, items, align = 'end', open, onOpenChange }: ActionMenuProps) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align={align} sideOffset={6}>
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.key}
              className={styles.item}
              data-tone={item.tone ?? 'default'}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.icon && (
                <span aria-hidden="true" className={styles.icon}>
                  {item.icon}
                </span>
              )}
              <span className={styles.label}>{item.label}</span>
              {item.shortcut && (
                <kbd className={styles.shortcut} aria-hidden="true">
                  {item.shortcut}
                </kbd>
              )}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

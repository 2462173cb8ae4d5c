import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../css/utils.css';
import * as styles from './UserMenu.css';

export const userMenuItemTones = ['default', 'danger'] as const;
export type UserMenuItemTone = (typeof userMenuItemTones)[number];

export interface UserMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  tone?: UserMenuItemTone;
  disabled?: boolean;
}

export interface UserMenuProps {
  name: string;
  company?: string;
  /** Extra accessible text of the trigger, e.g. "Open the user menu" (read after the visible name and company). */
  triggerLabel: string;
  items: readonly UserMenuItem[];
}

/** Up to two initials from a full name, for the avatar. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase();
}

export function UserMenu({ name, company, triggerLabel, items }: UserMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.trigger}>
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(name)}
        </span>
        <span className={styles.identity}>
          <span className={styles.name}>{name}</span>
          {company && <span className={styles.company}>{company}</span>}
        </span>
        <span className={visuallyHidden}>{triggerLabel}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={6}>
          <div className={styles.header}>
            <span className={styles.name}>{name}</span>
            {company && <span className={styles.company}>{company}</span>}
          </div>
          <DropdownMenu.Separator className={styles.separator} />
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.key}
              className={styles.item}
              data-tone={item.tone ?? 'default'}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.icon && (
                <span aria-hidden="true" style={{ display: 'inline-flex' }}>
                  {item.icon}
                </span>
              )}
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

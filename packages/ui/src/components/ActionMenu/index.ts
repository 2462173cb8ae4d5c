export {
  ActionMenu,
  actionMenuItemTones,
  type ActionMenuItem,
  type ActionMenuItemTone,
  type ActionMenuProps,
} from './ActionMenu';

export {
  initialsOf,
  UserMenu,
  userMenuItemTones,
  type UserMenuItem,
  type UserMenuItemTone,
  type UserMenuProps,
} from './UserMenu';

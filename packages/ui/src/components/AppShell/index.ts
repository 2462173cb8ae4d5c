export { AppShell, type AppShellProps } from './AppShell';
export { useAppShell, type AppShellState } from './AppShellContext';
export {
  Sidebar,
  SidebarItem,
  SidebarNav,
  type SidebarItemProps,
  type SidebarProps,
} from './Sidebar';
export { Footer, TopBar, type FooterProps, type TopBarProps } from './TopBar';

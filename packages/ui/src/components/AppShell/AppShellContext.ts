import { createContext, useContext } from 'react';

export interface AppShellState {
  /** Whether the sidebar is open on small screens (it is always shown on larger ones). */
  sidebarOpen: boolean;
  setSidebarOpen: (open: boolean) => void;
  toggleSidebar: () => void;
  sidebarId: string;
}

export const AppShellContext = createContext<AppShellState | null>(null);

/** Sidebar state of the surrounding AppShell (null outside one). */
export function useAppShell(): AppShellState | null {
  return useContext(AppShellContext);
}

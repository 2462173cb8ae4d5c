import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { AppShell } from '@prospecta/ui';
import { useLiveEvents } from '../../core/liveEvents';
import { TutorialProvider } from '../tutorial';
import { shellMessages } from './messages';
import { ShellFooter } from './ShellFooter';
import { ShellSidebar } from './ShellSidebar';
import { ShellTopBar } from './ShellTopBar';

export interface ShellLayoutProps {
  /** Shown over the page, inside the tutorial's reach (the root passes the unread answers shown after a sign-in). */
  overlays?: ReactNode;
}

/**
 * The authenticated shell (§2): sidebar, top bar, page, footer, the 'new features' tutorial, and the root's overlays.
 * It holds the tab's live event stream, which keeps the inbox, the badge and the lists current.
 */
export function ShellLayout({ overlays }: ShellLayoutProps) {
  const intl = useIntl();
  useLiveEvents();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  return (
    <TutorialProvider>
      <AppShell
        sidebarOpen={sidebarOpen}
        onSidebarOpenChange={setSidebarOpen}
        closeSidebarLabel={intl.formatMessage(shellMessages.closeSidebar)}
        sidebar={<ShellSidebar />}
        topBar={<ShellTopBar />}
        footer={<ShellFooter />}
      >
        <Outlet />
      </AppShell>
      {overlays}
    </TutorialProvider>
  );
}

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { AppShell } from '@prospecta/ui';
import { TutorialProvider } from '../tutorial';
// Its own module, not the inbox's index: the shell chunk carries the light gate, never the inbox page.
import { UnreadAnswersAtSignIn } from '../inbox/UnreadAnswersAtSignIn';
import { shellMessages } from './messages';
import { ShellFooter } from './ShellFooter';
import { ShellSidebar } from './ShellSidebar';
import { ShellTopBar } from './ShellTopBar';

/** The authenticated shell (§2): sidebar, top bar, page, footer; the 'new features' tutorial, then the unread answers after a sign-in. */
export function ShellLayout() {
  const intl = useIntl();
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
      <UnreadAnswersAtSignIn />
    </TutorialProvider>
  );
}

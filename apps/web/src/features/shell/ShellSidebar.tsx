import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Bot,
  Inbox,
  LayoutDashboard,
  ListTodo,
  MailSearch,
  Megaphone,
  Sparkles,
} from 'lucide-react';
import { currentUserQueryOptions, userProfileQueryOptions } from '@prospecta/api-client';
import { Sidebar, SidebarItem, SidebarNav, UnreadBadge } from '@prospecta/ui';
import {
  useApiClients,
  usePreference,
  useServerFeatures,
  useSession,
  useViewedUserId,
} from '../../core/hooks';
import { paths } from '../../core/paths';
import { useTutorial } from '../tutorial';
import { Logo } from '../frame';
import { shellMessages } from './messages';
import { UserSearch } from './UserSearch';

/**
 * §2 sidebar: logo, staff user search, dashboard / campaigns / inbox (unread badge) / LinkedIn tasks (decision 0173),
 * staff AI link, staff caught mails (servers running the local mail catcher), 'new features'.
 */
export function ShellSidebar() {
  const intl = useIntl();
  const clients = useApiClients();
  const { user, isStaff } = useSession();
  const viewedId = useViewedUserId();
  const { pathname } = useLocation();
  const tutorial = useTutorial();
  const [selected] = usePreference('selectedUser');
  const own = viewedId === user.id;
  const { caughtMails } = useServerFeatures();

  // The logged-in user's unread count, kept fresh when the inbox invalidates the current user, and live: the tab's
  // event stream (core/liveEvents.ts) invalidates it whenever the user's inbox or prospects change.
  const me = useQuery({
    ...currentUserQueryOptions(clients),
    initialData: user,
    staleTime: 60_000,
  });
  // The name of the viewed user (staff viewing someone else).
  const viewed = useQuery({
    ...userProfileQueryOptions(clients, viewedId),
    enabled: isStaff && !own,
  });
  const viewedName = own
    ? user.full_name
    : (viewed.data?.full_name ??
      (selected?.id === viewedId && selected.name ? selected.name : null));

  const dashboard = paths.dashboard(viewedId);
  const campaigns = paths.campaigns(viewedId);
  const inbox = paths.inbox(viewedId);
  const tasks = paths.tasks(viewedId);
  const count = me.data.unread_messages_count;
  const badgeLabel = own
    ? intl.formatMessage(shellMessages.unreadCount, { count })
    : intl.formatMessage(shellMessages.unreadUnknown);

  return (
    <Sidebar
      label={intl.formatMessage(shellMessages.mainNavigation)}
      logo={<Logo to={paths.home} />}
      closeLabel={intl.formatMessage(shellMessages.closeSidebar)}
      footer={
        <SidebarNav>
          <SidebarItem
            as="button"
            icon={<Sparkles size={18} />}
            label={intl.formatMessage(shellMessages.newFeatures)}
            onClick={tutorial.open}
          />
        </SidebarNav>
      }
    >
      {isStaff ? <UserSearch viewedName={own ? null : viewedName} /> : null}
      <SidebarNav>
        <SidebarItem
          as={Link}
          to={dashboard}
          icon={<LayoutDashboard size={18} />}
          label={intl.formatMessage(shellMessages.dashboard)}
          active={pathname === paths.home || pathname === dashboard}
        />
        <SidebarItem
          as={Link}
          to={campaigns}
          icon={<Megaphone size={18} />}
          label={intl.formatMessage(shellMessages.campaigns)}
          active={pathname.startsWith(campaigns)}
        />
        <SidebarItem
          as={Link}
          to={inbox}
          icon={<Inbox size={18} />}
          label={intl.formatMessage(shellMessages.inbox)}
          active={pathname === inbox}
          badge={<UnreadBadge count={count} known={own} label={badgeLabel} />}
          data-testid="sidebar-inbox"
        />
        <SidebarItem
          as={Link}
          to={tasks}
          icon={<ListTodo size={18} />}
          label={intl.formatMessage(shellMessages.tasks)}
          active={pathname === tasks}
          data-testid="sidebar-tasks"
        />
        {isStaff ? (
          <SidebarItem
            as={Link}
            to={paths.aiArea}
            icon={<Bot size={18} />}
            label={intl.formatMessage(shellMessages.aiWizard)}
            active={pathname.startsWith(paths.aiArea)}
          />
        ) : null}
        {isStaff && caughtMails ? (
          <SidebarItem
            as={Link}
            to={paths.caughtMails}
            icon={<MailSearch size={18} />}
            label={intl.formatMessage(shellMessages.caughtMails)}
            active={pathname.startsWith(paths.caughtMails)}
          />
        ) : null}
      </SidebarNav>
    </Sidebar>
  );
}

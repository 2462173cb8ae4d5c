import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { LogOut, UserRound } from 'lucide-react';
import { TopBar, UserMenu } from '@prospecta/ui';
import { useSession } from '../../core/hooks';
import { paths } from '../../core/paths';
import { LanguageMenu } from '../frame';
import { shellMessages } from './messages';
import { withElision } from '../../core/i18n';

/** §2 top bar: sidebar toggle on small screens, language switch (flags), user menu (name and company, my profile, sign out). */
export function ShellTopBar() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user, signOut } = useSession();
  return (
    <TopBar
      sidebarToggleLabel={intl.formatMessage(shellMessages.openSidebar)}
      end={
        <>
          <LanguageMenu />
          <UserMenu
            name={user.full_name}
            company={user.company.name}
            triggerLabel={intl.formatMessage(shellMessages.userMenu, withElision(user.full_name))}
            items={[
              {
                key: 'profile',
                label: intl.formatMessage(shellMessages.myProfile),
                icon: <UserRound size={16} />,
                onSelect: () => navigate(paths.user(user.id)),
              },
              {
                key: 'sign-out',
                label: intl.formatMessage(shellMessages.signOut),
                icon: <LogOut size={16} />,
                tone: 'danger',
                onSelect: signOut,
              },
            ]}
          />
        </>
      }
    />
  );
}

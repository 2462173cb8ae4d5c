import { useIntl } from 'react-intl';
import { NavLink, Outlet, useOutletContext } from 'react-router';
import type { User } from '@prospecta/api-client';
import { Button, Spinner } from '@prospecta/ui';
import { commonMessages } from '../../core/messages';
import { messages } from './messages';
import { useViewedUser } from './useViewedUser';
import * as styles from './profile.css';
import { withElision } from '../../core/i18n';

export interface UserPageContext {
  user: User;
  isOwn: boolean;
}

export function useUserPageContext(): UserPageContext {
  return useOutletContext<UserPageContext>();
}

export const ONBOARDING_FORM_FLAG = 'onboarding_form';

/** /users/{id}/user (§2): tabs profile, info (only with the onboarding_form flag) and integrations. */
export function UserPage() {
  const intl = useIntl();
  const { user, isOwn, isLoading, isError, refetch } = useViewedUser();

  if (isLoading) {
    return (
      <div className={styles.page}>
        <Spinner size="large" label={intl.formatMessage(commonMessages.loading)} />
      </div>
    );
  }
  if (isError || !user) {
    return (
      <div className={styles.page}>
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.loadError)}
        </p>
        <div>
          <Button variant="secondary" onClick={refetch}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </div>
      </div>
    );
  }

  const hasInfo = user.flags.includes(ONBOARDING_FORM_FLAG);
  const tabClass = styles.tab;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {intl.formatMessage(messages.pageTitle, withElision(user.full_name))}
      </h1>
      <nav className={styles.tabList} aria-label={intl.formatMessage(messages.tabs)}>
        <NavLink to="profile" className={tabClass}>
          {intl.formatMessage(messages.tabProfile)}
        </NavLink>
        {hasInfo ? (
          <NavLink to="info" className={tabClass}>
            {intl.formatMessage(messages.tabInfo)}
          </NavLink>
        ) : null}
        <NavLink to="integrations" className={tabClass}>
          {intl.formatMessage(messages.tabIntegrations)}
        </NavLink>
      </nav>
      <Outlet context={{ user, isOwn } satisfies UserPageContext} />
    </div>
  );
}

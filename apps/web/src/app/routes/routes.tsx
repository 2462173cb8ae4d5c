import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { loadAppMessages } from '../../core/i18n';
import { LoadingScreen } from '../../features/shell/LoadingScreen';
import { RouteErrorPage } from '../../features/shell/RouteErrorPage';
import { AI_AREA, paths } from '../../core/paths';

// Every screen loads on demand, so the first chunk holds only the runtime (session, router, providers):
// the login page ships without the authenticated shell, the dashboard, profile and wizard code,
// and a signed-in visit does not download the sign-in forms.
const publicLayout = async () => ({ Component: (await import('../../features/auth')).PublicLayout });
const authCards = (face: 'login' | 'reset') => async () => {
  const { AuthCardsPage } = await import('../../features/auth');
  return { element: <AuthCardsPage face={face} /> };
};
const changePassword = async () => ({
  Component: (await import('../../features/auth')).ChangePasswordPage,
});
const notFound = async () => ({ Component: (await import('../../features/not-found')).NotFoundPage });
// The signed-in area's messages (core/i18n/scopes.ts) load with its code: the sign-in page ships without them.
const authenticatedLayout = async () => {
  const [module] = await Promise.all([import('./authenticated'), loadAppMessages()]);
  return { Component: module.AuthenticatedLayout };
};
const shell = (name: 'ShellLayout' | 'OnboardingLayout') => async () => ({
  Component: (await import('./authenticated'))[name],
});
// The guards read the session and the viewed user's profile: they come with the signed-in area's code.
const staffOnly = (redirectTo: string) => async () => {
  const { StaffOnly } = await import('./authenticated');
  return { element: <StaffOnly redirectTo={redirectTo} /> };
};
const userSegment = async () => ({ Component: (await import('./authenticated')).UserSegmentGuard });
// Where a feature splits its page code further (its entry renders a fallback while the page's code downloads), the
// route asks for both at once: the page's chunk does not wait for the entry's to arrive and run first. The route then
// waits for the entry's preload of its page (the module is there by then), so the page renders without suspending
// (core/lazyPage.ts says why that matters).
// '/': the dashboard, or for staff without a selected customer the customer picker (issue 17, item 11).
const home = async () => {
  const [shell, feature] = await Promise.all([
    import('../../features/shell/HomePage'),
    import('../../features/dashboard'),
    import('../../features/dashboard/DashboardPage'),
  ]);
  await feature.preloadDashboardPage();
  return { Component: shell.HomePage };
};
const dashboard = async () => {
  const [feature] = await Promise.all([import('../../features/dashboard'), import('../../features/dashboard/DashboardPage')]);
  await feature.preloadDashboardPage();
  return { Component: feature.DashboardPage };
};
const inbox = async () => ({ Component: (await import('../../features/inbox')).InboxPage });
const campaigns = async () => {
  const [feature] = await Promise.all([import('../../features/campaigns'), import('../../features/campaigns/list/CampaignsListPage')]);
  await feature.preloadCampaignsListPage();
  return { Component: feature.CampaignsPage };
};
const campaign = async () => {
  const [feature] = await Promise.all([import('../../features/campaigns'), import('../../features/campaigns/detail/CampaignDetailPage')]);
  await feature.preloadCampaignDetailPage();
  return { Component: feature.CampaignPage };
};
const profile = (name: 'UserPage' | 'ProfileTab' | 'InfoTab') => async () => ({
  Component: (await import('../../features/profile'))[name],
});
const integrations = async () => ({
  Component: (await import('../../features/integrations')).IntegrationsTab,
});
const onboarding = async () => ({
  Component: (await import('../../features/onboarding')).OnboardingPage,
});
const wizard = (name: 'WizardLayout' | 'WizardStepPage') => async () => ({
  Component: (await import('../../features/wizard'))[name],
});

/** The route table of §2 and §6. */
const pages: RouteObject[] = [
  {
    lazy: publicLayout,
    children: [
      { path: paths.login, lazy: authCards('login') },
      { path: paths.resetPassword, lazy: authCards('reset') },
      { path: paths.changePassword, lazy: changePassword },
    ],
  },
  {
    lazy: authenticatedLayout,
    children: [
      {
        path: paths.onboarding,
        lazy: staffOnly(paths.home),
        children: [
          {
            lazy: shell('OnboardingLayout'),
            children: [{ index: true, lazy: onboarding }],
          },
        ],
      },
      {
        lazy: shell('ShellLayout'),
        children: [
          {
            // A screen that fails shows its error inside the shell (sidebar and top bar stay usable).
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, lazy: home },
              {
                path: 'users/:userId',
                lazy: userSegment,
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', lazy: dashboard },
                  { path: 'inbox', lazy: inbox },
                  { path: 'campaigns', lazy: campaigns },
                  { path: 'campaigns/:campaignId', lazy: campaign },
                  {
                    path: 'user',
                    lazy: profile('UserPage'),
                    children: [
                      { index: true, element: <Navigate to="profile" replace /> },
                      { path: 'profile', lazy: profile('ProfileTab') },
                      { path: 'info', lazy: profile('InfoTab') },
                      { path: 'integrations', lazy: integrations },
                    ],
                  },
                ],
              },
              {
                path: AI_AREA,
                lazy: staffOnly(paths.notFound),
                children: [
                  {
                    lazy: wizard('WizardLayout'),
                    children: [
                      { index: true, element: <Navigate to="step/settings" replace /> },
                      { path: 'step/:step', lazy: wizard('WizardStepPage') },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  { path: paths.notFound, lazy: notFound },
  { path: '*', lazy: notFound },
];

/** One root route, so the first load of an on-demand screen shows a loading status instead of a blank page. */
export const appRoutes: RouteObject[] = [
  {
    element: <Outlet />,
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RouteErrorPage standalone />,
    children: pages,
  },
];

/**
 * Starts downloading the code of the screens a URL shows, so it arrives while /config.json and the messages load
 * instead of after the first render (the router then finds the modules already fetched).
 */
export function preloadScreens(pathname: string): void {
  for (const { route } of matchRoutes(appRoutes, pathname) ?? []) {
    // A failure here is the router's to report when it loads the screen itself.
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
  }
}

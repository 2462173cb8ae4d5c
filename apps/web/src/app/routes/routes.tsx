import { Suspense, useMemo, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { loadAppMessages } from '../../core/i18n';
import { lazyPage, type LazyPage } from '../../core/lazyPage';
import { LoadingScreen } from '../../features/shell/LoadingScreen';
import { RouteErrorBoundary } from '../../features/shell/RouteErrorPage';
import { paths, routePaths } from '../../core/paths';

// Every screen loads on demand, so the first chunk holds only the runtime (session, router, providers):
// the login page ships without the authenticated shell, the dashboard, profile and wizard code,
// and a signed-in visit does not download the sign-in forms.
//
// The routes are declarative (`useRoutes` under a `BrowserRouter`), not a data router: the app loads its data with
// TanStack Query, never with loaders or actions, and the data router's code weighed 17 KB gzipped on the sign-in page.
// A route's element is a lazy page (core/lazyPage.ts); its `handle` preloads that page's code, and every
// route a URL matches is preloaded together (preloadScreens) when the URL changes, so nested screens do not load one
// after the other.
const publicLayout = lazyPage(async () => (await import('../../features/auth')).PublicLayout);
const authCards = lazyPage(async () => (await import('../../features/auth')).AuthCardsPage);
const changePassword = lazyPage(
  async () => (await import('../../features/auth')).ChangePasswordPage,
);
const notFound = lazyPage(async () => (await import('../../features/not-found')).NotFoundPage);
// The signed-in area's messages (core/i18n/scopes.ts) load with its code: the sign-in page ships without them.
const authenticatedLayout = lazyPage(async () => {
  const [module] = await Promise.all([import('./authenticated'), loadAppMessages()]);
  return module.AuthenticatedLayout;
});
const shell = (name: 'ShellLayout' | 'OnboardingLayout') =>
  lazyPage(async () => (await import('./authenticated'))[name]);
// The guards read the session and the viewed user's profile: they come with the signed-in area's code.
const staffOnly = lazyPage(async () => (await import('./authenticated')).StaffOnly);
const userSegment = lazyPage(async () => (await import('./authenticated')).UserSegmentGuard);
// Where a feature splits its page code further (its entry renders a fallback while the page's code downloads), the
// route asks for both at once: the page's chunk does not wait for the entry's to arrive and run first. The route then
// waits for the entry's preload of its page (the module is there by then), so the page renders without suspending
// (core/lazyPage.ts says why that matters).
// '/': the dashboard, or for staff without a selected customer the customer picker.
const home = lazyPage(async () => {
  const [shell, feature] = await Promise.all([
    import('../../features/shell/HomePage'),
    import('../../features/dashboard'),
    import('../../features/dashboard/DashboardPage'),
  ]);
  await feature.preloadDashboardPage();
  return shell.HomePage;
});
const dashboard = lazyPage(async () => {
  const [feature] = await Promise.all([
    import('../../features/dashboard'),
    import('../../features/dashboard/DashboardPage'),
  ]);
  await feature.preloadDashboardPage();
  return feature.DashboardPage;
});
const inbox = lazyPage(async () => (await import('../../features/inbox')).InboxPage);
const tasks = lazyPage(async () => (await import('../../features/tasks')).TasksPage);
const campaigns = lazyPage(async () => {
  const [feature] = await Promise.all([
    import('../../features/campaigns'),
    import('../../features/campaigns/list/CampaignsListPage'),
  ]);
  await feature.preloadCampaignsListPage();
  return feature.CampaignsPage;
});
const campaign = lazyPage(async () => {
  const [feature] = await Promise.all([
    import('../../features/campaigns'),
    import('../../features/campaigns/detail/CampaignDetailPage'),
  ]);
  await feature.preloadCampaignDetailPage();
  return feature.CampaignPage;
});
const profile = (name: 'UserPage' | 'ProfileTab' | 'InfoTab') =>
  lazyPage(async () => (await import('../../features/profile'))[name]);
const integrations = lazyPage(
  async () => (await import('../../features/integrations')).IntegrationsTab,
);
const onboarding = lazyPage(async () => (await import('../../features/onboarding')).OnboardingPage);
const caughtMails = lazyPage(
  async () => (await import('../../features/caught-mails')).CaughtMailsPage,
);
const wizard = (name: 'WizardLayout' | 'WizardStepPage') =>
  lazyPage(async () => (await import('../../features/wizard'))[name]);

/** What a route's `handle` holds: how to preload its screen's code. */
interface ScreenHandle {
  preload: () => Promise<unknown>;
}

/** A route's element and handle for a lazy page, with the page's props. */
function screen<P extends object>(
  page: LazyPage<P>,
  ...[props]: object extends P ? [NoInfer<P>?] : [NoInfer<P>]
): Pick<RouteObject, 'element' | 'handle'> {
  const Page = page.Page as ComponentType<P>;
  return {
    element: <Page {...(props as P)} />,
    handle: { preload: page.preload } satisfies ScreenHandle,
  };
}

/** A child's path below its parent's, for a relative redirect (`dashboard` below `/users/:userId`). */
const below = (parent: string, child: string) => child.slice(parent.length + 1);

/** The route table of §2 and §6 (its paths: core/paths.ts). */
const pages: RouteObject[] = [
  {
    ...screen(publicLayout),
    children: [
      { path: routePaths.login, ...screen(authCards, { face: 'login' }) },
      { path: routePaths.resetPassword, ...screen(authCards, { face: 'reset' }) },
      { path: routePaths.changePassword, ...screen(changePassword) },
    ],
  },
  {
    ...screen(authenticatedLayout),
    children: [
      {
        path: routePaths.onboarding,
        ...screen(staffOnly, { redirectTo: paths.home }),
        children: [
          {
            ...screen(shell('OnboardingLayout')),
            children: [{ index: true, ...screen(onboarding) }],
          },
        ],
      },
      {
        ...screen(shell('ShellLayout')),
        children: [
          {
            // A screen that fails shows its error inside the shell (sidebar and top bar stay usable).
            element: <RouteErrorBoundary />,
            children: [
              { index: true, ...screen(home) },
              {
                path: routePaths.user,
                ...screen(userSegment),
                children: [
                  {
                    index: true,
                    element: <Navigate to={below(routePaths.user, routePaths.dashboard)} replace />,
                  },
                  { path: routePaths.dashboard, ...screen(dashboard) },
                  { path: routePaths.inbox, ...screen(inbox) },
                  { path: routePaths.tasks, ...screen(tasks) },
                  { path: routePaths.campaigns, ...screen(campaigns) },
                  { path: routePaths.campaign, ...screen(campaign) },
                  {
                    path: routePaths.userPage,
                    ...screen(profile('UserPage')),
                    children: [
                      {
                        index: true,
                        element: (
                          <Navigate
                            to={below(routePaths.userPage, routePaths.userProfile)}
                            replace
                          />
                        ),
                      },
                      { path: routePaths.userProfile, ...screen(profile('ProfileTab')) },
                      { path: routePaths.userInfo, ...screen(profile('InfoTab')) },
                      { path: routePaths.userIntegrations, ...screen(integrations) },
                    ],
                  },
                ],
              },
              {
                path: routePaths.aiArea,
                ...screen(staffOnly, { redirectTo: paths.notFound }),
                children: [
                  {
                    ...screen(wizard('WizardLayout')),
                    children: [
                      {
                        index: true,
                        element: <Navigate to={paths.wizardStep('settings')} replace />,
                      },
                      { path: routePaths.wizardStep, ...screen(wizard('WizardStepPage')) },
                    ],
                  },
                ],
              },
              {
                // Staff, on servers running the local mail catcher (the page sends elsewhere to not found).
                path: routePaths.caughtMails,
                ...screen(staffOnly, { redirectTo: paths.notFound }),
                children: [
                  { index: true, ...screen(caughtMails) },
                  { path: routePaths.caughtMail, ...screen(caughtMails) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  { path: routePaths.notFound, ...screen(notFound) },
  { path: '*', ...screen(notFound) },
];

/**
 * One root route: a screen whose code is still loading shows a loading status instead of a blank page, and a screen
 * that fails (or whose code cannot be downloaded) shows the error page instead of the whole app going blank.
 */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary standalone>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: pages,
  },
];

/**
 * Starts downloading the code of the screens a URL shows, all at once: at start, while /config.json and the messages
 * load instead of after the first render; on each navigation, so that nested screens do not load one after another.
 * Settles once each has loaded or failed (a failure is the error boundary's to show when the screen renders).
 */
export function preloadScreens(
  pathname: string,
  routes: RouteObject[] = appRoutes,
): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const handle = route.handle as ScreenHandle | undefined;
    return handle ? [handle.preload()] : [];
  });
  return Promise.allSettled(loads);
}

/** The app's routes at the current URL (`routes`: the app's table, or a test's). */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  const { pathname } = useLocation();
  // During the render that shows the new URL, before its first lazy screen suspends (preloading twice is harmless).
  useMemo(() => void preloadScreens(pathname, routes), [pathname, routes]);
  return useRoutes(routes);
}

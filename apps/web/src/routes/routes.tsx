import { Navigate, Outlet, type RouteObject } from 'react-router';
import { AuthenticatedLayout } from '../app/session/AuthenticatedLayout';
import { PublicLayout, AuthCardsPage, ChangePasswordPage } from '../features/auth';
import { NotFoundPage } from '../features/not-found';
import { ShellLayout, ComingSoonPanel, OnboardingLayout, LoadingScreen } from '../features/shell';
import { StaffOnly, UserSegmentGuard } from './guards';
import { AI_AREA, paths } from './paths';

// The signed-in screens load on demand: the login page ships without the dashboard, profile and wizard code.
const dashboard = async () => ({
  Component: (await import('../features/dashboard')).DashboardPage,
});
const profile = (name: 'UserPage' | 'ProfileTab' | 'InfoTab') => async () => ({
  Component: (await import('../features/profile'))[name],
});
const wizard = (name: 'WizardLayout' | 'WizardStepPage') => async () => ({
  Component: (await import('../features/wizard'))[name],
});

/** The route table of §2 and §6. */
const pages: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.login, element: <AuthCardsPage face="login" /> },
      { path: paths.resetPassword, element: <AuthCardsPage face="reset" /> },
      { path: paths.changePassword, element: <ChangePasswordPage /> },
    ],
  },
  {
    element: <AuthenticatedLayout />,
    children: [
      {
        path: paths.onboarding,
        element: <StaffOnly redirectTo={paths.home} />,
        children: [
          {
            element: <OnboardingLayout />,
            children: [{ index: true, element: <ComingSoonPanel screen="onboarding" /> }],
          },
        ],
      },
      {
        element: <ShellLayout />,
        children: [
          { index: true, lazy: dashboard },
          {
            path: 'users/:userId',
            element: <UserSegmentGuard />,
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', lazy: dashboard },
              { path: 'inbox', element: <ComingSoonPanel screen="inbox" /> },
              { path: 'campaigns', element: <ComingSoonPanel screen="campaigns" /> },
              { path: 'campaigns/:campaignId', element: <ComingSoonPanel screen="campaign" /> },
              {
                path: 'user',
                lazy: profile('UserPage'),
                children: [
                  { index: true, element: <Navigate to="profile" replace /> },
                  { path: 'profile', lazy: profile('ProfileTab') },
                  { path: 'info', lazy: profile('InfoTab') },
                  { path: 'integrations', element: <ComingSoonPanel screen="integrations" /> },
                ],
              },
            ],
          },
          {
            path: AI_AREA,
            element: <StaffOnly redirectTo={paths.notFound} />,
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
  { path: paths.notFound, element: <NotFoundPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/** One root route, so the first load of an on-demand screen shows a loading status instead of a blank page. */
export const appRoutes: RouteObject[] = [
  { element: <Outlet />, hydrateFallbackElement: <LoadingScreen />, children: pages },
];

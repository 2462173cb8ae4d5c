import { Navigate, type RouteObject } from 'react-router';
import { DashboardPage } from '../features/dashboard';
import { AuthenticatedLayout } from '../app/session/AuthenticatedLayout';
import { PublicLayout, AuthCardsPage, ChangePasswordPage } from '../features/auth';
import { NotFoundPage } from '../features/not-found';
import { ShellLayout, ComingSoonPanel, OnboardingLayout } from '../features/shell';
import { WizardLayout, WizardStepPage } from '../features/wizard';
import { UserPage, ProfileTab, InfoTab } from '../features/profile';
import { StaffOnly, UserSegmentGuard } from './guards';
import { AI_AREA, paths } from './paths';

/** The route table of §2 and §6. */
export const appRoutes: RouteObject[] = [
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
        children: [{ element: <OnboardingLayout />, children: [{ index: true, element: <ComingSoonPanel screen="onboarding" /> }] }],
      },
      {
        element: <ShellLayout />,
        children: [
          { index: true, element: <DashboardPage /> },
          {
            path: 'users/:userId',
            element: <UserSegmentGuard />,
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'inbox', element: <ComingSoonPanel screen="inbox" /> },
              { path: 'campaigns', element: <ComingSoonPanel screen="campaigns" /> },
              { path: 'campaigns/:campaignId', element: <ComingSoonPanel screen="campaign" /> },
              {
                path: 'user',
                element: <UserPage />,
                children: [
                  { index: true, element: <Navigate to="profile" replace /> },
                  { path: 'profile', element: <ProfileTab /> },
                  { path: 'info', element: <InfoTab /> },
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
                element: <WizardLayout />,
                children: [
                  { index: true, element: <Navigate to="step/settings" replace /> },
                  { path: 'step/:step', element: <WizardStepPage /> },
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

/** The AI area path segment (§2 "a path segment named after the AI area"). */
export const AI_AREA = 'ai-wizard';

import type { WizardStep } from '@prospecta/machines';

/** The tabs of a user's page. */
export type UserTab = 'profile' | 'info' | 'integrations';

export const paths = {
  home: '/',
  login: '/login',
  resetPassword: '/reset-password',
  changePassword: '/change-password',
  onboarding: '/onboarding',
  notFound: '/404',
  dashboard: (userId: number) => `/users/${userId}/dashboard`,
  inbox: (userId: number) => `/users/${userId}/inbox`,
  campaigns: (userId: number) => `/users/${userId}/campaigns`,
  campaign: (userId: number, campaignId: number) => `/users/${userId}/campaigns/${campaignId}`,
  user: (userId: number, tab: UserTab = 'profile') => `/users/${userId}/user/${tab}`,
  aiArea: `/${AI_AREA}`,
  wizardStep: (step: WizardStep) => `/${AI_AREA}/step/${step}`,
} as const;

/** Rewrites the user segment of a `/users/{id}/...` path (staff user switch, customer forced to own id). */
export function withUserSegment(pathname: string, userId: number): string {
  const match = /^\/users\/[^/]+(\/.*)?$/.exec(pathname);
  if (!match) return paths.dashboard(userId);
  const rest = match[1] ?? '/dashboard';
  // A campaign belongs to one user: switching users lands on the new user's campaigns list.
  const campaign = /^\/campaigns\/[^/]+/.exec(rest);
  return `/users/${userId}${campaign ? '/campaigns' : rest}`;
}

export function parseUserId(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

import type { WizardStep } from '@prospecta/machines';

/** The AI area path segment (§2 "a path segment named after the AI area"). */
const AI_AREA = 'ai-wizard';

const USER = '/users/:userId';

/** The search parameter naming the campaign draft the AI area's builder edits (`/ai-wizard/step/settings?draft=12`). */
export const WIZARD_DRAFT_PARAM = 'draft';
const USER_PAGE = `${USER}/user`;

/** The screens of the user area whose data the early script starts (app/start/early.ts bundles this table alone). */
export const userScreens = {
  dashboard: `${USER}/dashboard`,
  inbox: `${USER}/inbox`,
  campaigns: `${USER}/campaigns`,
  campaign: `${USER}/campaigns/:campaignId`,
} as const;

/**
 * The app's addresses, written once. The route table (app/routes/routes.tsx) takes its paths from here, links build
 * theirs with `paths`, and the early script (app/start/early.ts) matches the URL against `userScreens` with
 * `matchPath`. This module stays free of run-time imports: the early script, which runs before the app's code,
 * bundles it.
 */
export const routePaths = {
  home: '/',
  login: '/login',
  resetPassword: '/reset-password',
  changePassword: '/change-password',
  onboarding: '/onboarding',
  notFound: '/404',
  user: USER,
  ...userScreens,
  tasks: `${USER}/tasks`,
  userPage: USER_PAGE,
  userProfile: `${USER_PAGE}/profile`,
  userInfo: `${USER_PAGE}/info`,
  userIntegrations: `${USER_PAGE}/integrations`,
  aiArea: `/${AI_AREA}`,
  wizardStep: `/${AI_AREA}/step/:step`,
  /** Staff tools outside a user's data: the local mail catcher's mails (development and CI servers). */
  caughtMails: '/staff/caught-mails',
  caughtMail: '/staff/caught-mails/:mailId',
} as const;

/** The tabs of a user's page (`routePaths.userProfile`, …). */
export type UserTab = 'profile' | 'info' | 'integrations';

/** The names of a path's parameters (`:userId`). */
type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The address of a route path, its parameters filled in. */
export function pathTo<Path extends string>(
  path: Path,
  params: Record<ParamsOf<Path>, string | number>,
): string {
  const values = params as Record<string, string | number>;
  return path.replace(/:(\w+)/g, (_, name: string) => String(values[name]));
}

/**
 * The parameters of `pathname` when it is at the route path (a trailing slash allowed), else null. A path ending in
 * `/*` also matches below it, and gives what follows under '*' ('' when nothing does).
 */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = path.replace(/:(\w+)|\/\*$/g, (_, name?: string) => {
    names.push(name ?? '*');
    return name ? '([^/]+)' : '(/.*)?';
  });
  const match = new RegExp(`^${pattern}/?$`).exec(pathname);
  return match && Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}

export const paths = {
  home: routePaths.home,
  login: routePaths.login,
  resetPassword: routePaths.resetPassword,
  changePassword: routePaths.changePassword,
  onboarding: routePaths.onboarding,
  notFound: routePaths.notFound,
  dashboard: (userId: number) => pathTo(userScreens.dashboard, { userId }),
  inbox: (userId: number) => pathTo(userScreens.inbox, { userId }),
  tasks: (userId: number) => pathTo(routePaths.tasks, { userId }),
  campaigns: (userId: number) => pathTo(userScreens.campaigns, { userId }),
  campaign: (userId: number, campaignId: number) =>
    pathTo(userScreens.campaign, { userId, campaignId }),
  user: (userId: number, tab: UserTab = 'profile') => pathTo(`${USER_PAGE}/${tab}`, { userId }),
  aiArea: routePaths.aiArea,
  /** A step of the AI area; with `draft`, the campaign draft the builder edits (kept in the address, not in storage). */
  wizardStep: (step: WizardStep, draft?: number) =>
    `${pathTo(routePaths.wizardStep, { step })}${draft === undefined ? '' : `?${WIZARD_DRAFT_PARAM}=${draft}`}`,
  caughtMails: routePaths.caughtMails,
  caughtMail: (mailId: number) => pathTo(routePaths.caughtMail, { mailId }),
} as const;

/** Rewrites the user segment of a `/users/{id}/...` path (staff user switch, customer forced to own id). */
export function withUserSegment(pathname: string, userId: number): string {
  // A campaign belongs to one user: switching users lands on the new user's campaigns list.
  if (matchPath(`${userScreens.campaign}/*`, pathname)) return paths.campaigns(userId);
  const rest = matchPath(`${USER}/*`, pathname)?.['*'];
  return rest ? `${pathTo(USER, { userId })}${rest}` : paths.dashboard(userId);
}

/** A positive whole id of an address (a user's, a campaign draft's), else null. */
export function parseId(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const parseUserId = parseId;

import type { RouteDef } from '../http/route';
import { answerRoutes } from './answers';
import { authRoutes } from './auth';
import { campaignBuilderRoutes } from './campaign-builder';
import { webhookRoutes } from './webhooks';
import { campaignRoutes } from './campaigns';
import { devRoutes } from './dev';
import { importRoutes } from './imports';
import { integrationRoutes } from './integrations';
import { liveRoutes } from './live';
import { mailLinkRoutes } from './mail-links';
import { metaRoutes } from './meta';
import { onboardingRoutes } from './onboarding';
import { prospectRoutes } from './prospects';
import { taskRoutes } from './tasks';
import { userRoutes } from './users';

/** Every handler; server.ts binds each to its contract operation by method and path. */
export function allRoutes(): RouteDef[] {
  return [
    ...authRoutes,
    ...userRoutes,
    ...prospectRoutes,
    ...campaignRoutes,
    ...answerRoutes,
    ...campaignBuilderRoutes,
    ...webhookRoutes,
    ...importRoutes,
    ...onboardingRoutes,
    ...integrationRoutes,
    ...taskRoutes,
    ...liveRoutes,
    ...devRoutes,
    ...metaRoutes,
    // The campaign mails' links, outside /api (unsubscribe, open pixel, tracked links).
    ...mailLinkRoutes,
  ];
}

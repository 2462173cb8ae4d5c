import type { Db } from '../db/index';
import { campaignDefinitionsRepository } from './campaign-definitions';
import { campaignEventsRepository } from './campaign-events';
import { campaignsRepository } from './campaigns';
import { figuresRepository } from './figures';
import { importsRepository } from './imports';
import { inboxRepository } from './inbox';
import { inboxAnswersRepository } from './inbox-answers';
import { integrationsRepository } from './integrations';
import { mailLinksRepository } from './mail-links';
import { onboardingRepository } from './onboarding';
import { prospectsRepository } from './prospects';
import { sendsRepository } from './sends';
import { tasksRepository } from './tasks';
import { usersRepository } from './users';
import { webhooksRepository } from './webhooks';

/**
 * One repository per aggregate, bound to a database (or to a transaction: its writes then join it). They own the
 * SQL and answer typed rows; handlers reach them as `ctx.services.repos` and shape the rows into the contract's
 * answers (domain/serialize.ts).
 */
export function createRepositories(db: Db) {
  return {
    prospects: prospectsRepository(db),
    campaigns: campaignsRepository(db),
    campaignDefinitions: campaignDefinitionsRepository(db),
    campaignEvents: campaignEventsRepository(db),
    users: usersRepository(db),
    inbox: inboxRepository(db),
    // The answers sent from the inbox (decision 0225).
    inboxAnswers: inboxAnswersRepository(db),
    onboarding: onboardingRepository(db),
    integrations: integrationsRepository(db),
    imports: importsRepository(db),
    // The sending engine's mail links (unsubscribe, open pixel, tracked links).
    mailLinks: mailLinksRepository(db),
    sends: sendsRepository(db),
    // A customer's outgoing webhooks and their delivery log.
    webhooks: webhooksRepository(db),
    tasks: tasksRepository(db),
    figures: figuresRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

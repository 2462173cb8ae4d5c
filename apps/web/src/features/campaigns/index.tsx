import { Suspense, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { campaignQueryOptions, campaignsQueryOptions } from '@prospecta/api-client';
import { Spinner } from '@prospecta/ui';
import { useParams } from 'react-router';
import { useApiClients, useViewedUserId } from '../../core/hooks';
import { parseUserId } from '../../core/paths';
import { messages } from './messages';
import * as styles from './components/campaigns.css';
import { useUserPageTitle } from '../../core/userPageTitle';
import { pageNameMessages } from '../../core/messages';
import { lazyPage } from '../../core/lazyPage';

/**
 * The pages' code (table, steps, funnel, board) loads on first visit, never with the login route. The router asks for
 * a page's code together with this entry and waits for its preload (app/routes/routes.tsx), so the page renders
 * without a fallback.
 */
const { Page: LazyCampaignsListPage, preload: preloadCampaignsListPage } = lazyPage(() =>
  import('./list/CampaignsListPage').then((module) => module.CampaignsListPage),
);
const { Page: LazyCampaignDetailPage, preload: preloadCampaignDetailPage } = lazyPage(() =>
  import('./detail/CampaignDetailPage').then((module) => module.CampaignDetailPage),
);
export { preloadCampaignDetailPage, preloadCampaignsListPage };

function Fallback() {
  const intl = useIntl();
  return (
    <div className={styles.state} aria-busy="true" data-testid="campaigns-loading">
      <Spinner label={intl.formatMessage(messages.loading)} />
    </div>
  );
}

/** /users/{userId}/campaigns: starts the campaigns call while the screen's code downloads. */
export function CampaignsPage() {
  useUserPageTitle(pageNameMessages.campaigns);
  const clients = useApiClients();
  const userId = useViewedUserId();
  const queryClient = useQueryClient();
  useMemo(() => {
    void queryClient.prefetchQuery(campaignsQueryOptions(clients, userId));
  }, [queryClient, clients, userId]);
  return (
    <Suspense fallback={<Fallback />}>
      <LazyCampaignsListPage />
    </Suspense>
  );
}

/** /users/{userId}/campaigns/{campaignId}: starts the campaign call while the screen's code downloads. */
export function CampaignPage() {
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const campaignId = parseUserId(useParams().campaignId);
  useMemo(() => {
    // Same options as the page (404 is final there); a failure here is the page's to show.
    if (campaignId !== null)
      void queryClient.prefetchQuery({
        ...campaignQueryOptions(clients, campaignId),
        retry: false,
      });
  }, [queryClient, clients, campaignId]);
  return (
    <Suspense fallback={<Fallback />}>
      <LazyCampaignDetailPage />
    </Suspense>
  );
}

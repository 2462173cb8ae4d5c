import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { testClients, testServer } from '../testing/clients';
import { typedHttp } from '../msw/typed';
import type { Import } from '../schema';
import {
  IMPORT_POLL_MS,
  importKeys,
  importQueryOptions,
  importStepMutationOptions,
} from './imports';
import { queryKeys } from './keys';

const server = testServer();

const clients = testClients();

function anImport(state: Import['state']): Import {
  return {
    id: 7,
    campaign_id: 3,
    user_id: 2,
    file_name: 'prospects.csv',
    format: 'csv',
    encoding: 'utf-8',
    delimiter: ';',
    state,
    progress: { done: 10, total: 100 },
    columns: ['E-mail'],
    mapping: ['email'],
    other_campaigns: 'skip',
    preview: [],
    counts: { rows: 1, valid: 0, refused: 0, imported: 0, by_reason: {} },
    error: null,
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
  };
}

describe('import queries', () => {
  it('asks again every second while a job works on the import, and stops once it waits for staff', async () => {
    const queryClient = new QueryClient();
    const options = importQueryOptions(clients, 7);
    const interval = async (state: Import['state']) => {
      server.use(
        typedHttp.get('/api/v1/imports/{importId}', { status: 200, body: anImport(state) }),
      );
      await queryClient.fetchQuery({ ...options, staleTime: 0 });
      const observer = new QueryObserver(queryClient, options);
      const query = queryClient.getQueryCache().find({ queryKey: options.queryKey })!;
      const refetch = observer.options.refetchInterval;
      return typeof refetch === 'function' ? refetch(query as never) : refetch;
    };
    expect(await interval('analysing')).toBe(IMPORT_POLL_MS);
    expect(await interval('committing')).toBe(IMPORT_POLL_MS);
    expect(await interval('mapping')).toBe(false);
    expect(await interval('done')).toBe(false);
  });

  it('keeps the answer of a step in the import cache', async () => {
    const queryClient = new QueryClient();
    server.use(
      typedHttp.post('/api/v1/imports/{importId}/validate', {
        status: 202,
        body: anImport('validating'),
      }),
    );
    const options = importStepMutationOptions(clients, queryClient, 'validate');
    await queryClient.getMutationCache().build(queryClient, options).execute({ importId: 7 });
    expect(queryClient.getQueryData<Import>(queryKeys.imports.detail(7))?.state).toBe('validating');
  });

  it('once an import is done or cancelled, reads again the counts of its campaign, the builder summary’s audience too', () => {
    for (const state of ['done', 'cancelled'] as const)
      expect(importKeys(anImport(state))).toEqual(
        expect.arrayContaining([
          queryKeys.campaign.detail(3),
          queryKeys.dashboard.ofUser(2),
          queryKeys.campaigns.ofUser(2),
          queryKeys.campaignBuilder.review(3),
        ]),
      );
    expect(importKeys(anImport('validated'))).not.toContainEqual(
      queryKeys.campaignBuilder.review(3),
    );
  });
});

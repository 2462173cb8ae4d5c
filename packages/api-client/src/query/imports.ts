/**
 * Imports of prospects into a campaign (staff): the import's and the campaign's imports' queries, which ask again
 * every second while a job works on an import (its state and progress live on the server, so a reload or another
 * device shows the same), the upload with its progress, the steps' mutations, and the report's download.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { isImportRunning, type ImportOtherCampaigns, type ImportMapping } from '@prospecta/domain';
import type { ApiClients } from '../clients';
import { unwrap } from '../errors';
import type { Import } from '../schema';
import { progressFetch, type UploadProgress } from '../upload';
import { queryKeys } from './keys';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

const pollWhileRunning = (imports: readonly Import[] | undefined) =>
  imports?.some((item) => isImportRunning(item.state)) ? IMPORT_POLL_MS : false;

/** GET /api/v1/imports/{importId}. */
export function importQueryOptions(clients: ApiClients, importId: number) {
  return queryOptions({
    queryKey: queryKeys.imports.detail(importId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/imports/{importId}', {
          params: { path: { importId } },
          signal,
        }),
      ),
    refetchInterval: (query) => pollWhileRunning(query.state.data ? [query.state.data] : []),
  });
}

/** GET /api/v1/campaigns/{id}/imports: the 20 newest, so that an import under way is found again. */
export function campaignImportsQueryOptions(clients: ApiClients, campaignId: number) {
  return queryOptions({
    queryKey: queryKeys.imports.ofCampaign(campaignId),
    queryFn: async ({ signal }) =>
      unwrap(
        await clients.api.GET('/api/v1/campaigns/{id}/imports', {
          params: { path: { id: campaignId } },
          signal,
        }),
      ),
    refetchInterval: (query) => pollWhileRunning(query.state.data?.imports),
  });
}

/**
 * The caches an import's change touches: itself and its campaign's list; once done or cancelled, the campaign's
 * prospects wherever they are counted: its page, the dashboard, the campaigns list and the builder's summary (its
 * audience), which shows the import panel in the same page.
 */
export function importKeys(item: Pick<Import, 'id' | 'campaign_id' | 'user_id' | 'state'>) {
  return [
    queryKeys.imports.detail(item.id),
    queryKeys.imports.ofCampaign(item.campaign_id),
    ...(item.state === 'done' || item.state === 'cancelled'
      ? [
          queryKeys.campaign.detail(item.campaign_id),
          queryKeys.dashboard.ofUser(item.user_id),
          queryKeys.campaigns.ofUser(item.user_id),
          queryKeys.campaignBuilder.review(item.campaign_id),
        ]
      : []),
  ];
}

/** The import as the server answered it, in its detail's cache; its campaign's list asked again. */
async function store(queryClient: QueryClient, item: Import): Promise<void> {
  queryClient.setQueryData(queryKeys.imports.detail(item.id), item);
  await queryClient.invalidateQueries({ queryKey: queryKeys.imports.ofCampaign(item.campaign_id) });
}

export interface StartImportOptions {
  campaignId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/v1/campaigns/{id}/imports with the file, reporting the upload's progress; answers the import (analysing).
 * A refused file rejects with ApiError (413, 415, 422) whose body carries the ImportErrorCode under `code`.
 */
export async function startImport(
  clients: ApiClients,
  options: StartImportOptions,
): Promise<Import> {
  const form = new FormData();
  form.append('file', options.file, options.file.name);
  return unwrap(
    await clients.api.POST('/api/v1/campaigns/{id}/imports', {
      params: { path: { id: options.campaignId } },
      // The typed body is the JSON view of the part; the serializer sends the real multipart body.
      body: { file: options.file.name },
      bodySerializer: () => form,
      ...(options.onProgress ? { fetch: progressFetch(options.onProgress) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
}

export function startImportMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'start-import'],
    mutationFn: (vars: StartImportOptions) => startImport(clients, vars),
    onSuccess: (item) => store(queryClient, item),
  });
}

export function setImportMappingMutationOptions(clients: ApiClients, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', 'set-import-mapping'],
    mutationFn: async (vars: {
      importId: number;
      mapping: ImportMapping;
      otherCampaigns: ImportOtherCampaigns;
    }) =>
      unwrap(
        await clients.api.PUT('/api/v1/imports/{importId}/mapping', {
          params: { path: { importId: vars.importId } },
          body: { mapping: vars.mapping, other_campaigns: vars.otherCampaigns },
        }),
      ),
    onSuccess: (item) => store(queryClient, item),
  });
}

/** The steps that take only the import's id: validate, commit, cancel, retry. */
const STEP_PATHS = {
  validate: '/api/v1/imports/{importId}/validate',
  commit: '/api/v1/imports/{importId}/commit',
  cancel: '/api/v1/imports/{importId}/cancel',
  retry: '/api/v1/imports/{importId}/retry',
} as const;
export type ImportStepAction = keyof typeof STEP_PATHS;

export function importStepMutationOptions(
  clients: ApiClients,
  queryClient: QueryClient,
  action: ImportStepAction,
) {
  return mutationOptions({
    mutationKey: ['prospecta', 'mutation', `import-${action}`],
    mutationFn: async (vars: { importId: number }) =>
      unwrap(
        await clients.api.POST(STEP_PATHS[action], {
          params: { path: { importId: vars.importId } },
        }),
      ),
    onSuccess: (item) => store(queryClient, item),
  });
}

/** GET /api/v1/imports/{importId}/report: the refused rows as a CSV file (UTF-8 with BOM). */
export async function downloadImportReport(
  clients: ApiClients,
  importId: number,
): Promise<{ blob: Blob; fileName: string }> {
  const result = await clients.api.GET('/api/v1/imports/{importId}/report', {
    params: { path: { importId } },
    parseAs: 'blob',
  });
  const blob = unwrap(result) as unknown as Blob;
  const disposition = result.response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `import-${importId}.csv`;
  return { blob, fileName };
}

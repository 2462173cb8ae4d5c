import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cleanNurtureMutationOptions,
  downloadDashboardExport,
  nurtureAllMutationOptions,
} from '@prospecta/api-client';
import { DEFAULT_LOCALE, isLocale } from '@prospecta/domain';
import { toast } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { saveBlob } from '../../../core/download';
import { messages } from '../messages';

/**
 * The dashboard's batch actions (§2, §4): export (staff; a real .xlsx download), nurture-all (staff;
 * dashboard.nurture_success then a refreshed list) and clean the nurture column (moves it to nurtured).
 * Each mutation helper invalidates the dashboard, so the list refreshes itself.
 */
export function useDashboardActions(userId: number) {
  const intl = useIntl();
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const nurtureAll = useMutation(nurtureAllMutationOptions(clients, queryClient));
  const cleanNurture = useMutation(cleanNurtureMutationOptions(clients, queryClient));

  return {
    exporting,
    async exportSpreadsheet() {
      setExporting(true);
      try {
        const locale = isLocale(intl.locale) ? intl.locale : DEFAULT_LOCALE;
        const file = await downloadDashboardExport(clients, userId, locale);
        saveBlob(file.blob, file.filename);
      } catch {
        toast.error(intl.formatMessage(messages.exportError));
      } finally {
        setExporting(false);
      }
    },
    nurturing: nurtureAll.isPending,
    /** Resolves once the list is refreshed; rejects (after an error toast) so the confirmation stays open. */
    async nurtureAll() {
      try {
        await nurtureAll.mutateAsync({ userId });
        toast.success(intl.formatMessage(messages.nurtureSuccess));
      } catch (error) {
        toast.error(intl.formatMessage(messages.nurtureError));
        throw error;
      }
    },
    cleaning: cleanNurture.isPending,
    async cleanNurture() {
      try {
        const result = await cleanNurture.mutateAsync({ userId });
        toast.success(intl.formatMessage(messages.cleanNurtureSuccess, { count: result.moved }));
      } catch (error) {
        toast.error(intl.formatMessage(messages.cleanNurtureError));
        throw error;
      }
    },
  };
}

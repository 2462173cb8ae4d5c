import type { SnapshotFrom } from 'xstate';
import type { ProspectStatusMachine, StatusUpdateError } from './prospectStatusMachine';
import type { CampaignCategory, DashboardColumn, UserAction } from '@prospecta/domain';
import { availableActions, dashboardColumn, displayCategory } from '@prospecta/domain';

export type ProspectStatusSnapshot = SnapshotFrom<ProspectStatusMachine>;

/** Campaign column of the prospect as shown now (optimistic status included). */
export function selectDisplayCategory(snapshot: ProspectStatusSnapshot): CampaignCategory | null {
  return displayCategory(snapshot.context);
}

export function selectDashboardColumn(snapshot: ProspectStatusSnapshot): DashboardColumn | null {
  return dashboardColumn(snapshot.context);
}

/** The actions to offer; none while a confirmation is open or a change is being saved. */
export function selectAvailableActions(snapshot: ProspectStatusSnapshot): UserAction[] {
  if (snapshot.matches('idle') || snapshot.matches('rolledBack')) {
    return availableActions(snapshot.context.prospecting_status);
  }
  return [];
}

/** The action whose yes/no confirmation is open, else null. */
export function selectConfirmingAction(snapshot: ProspectStatusSnapshot): UserAction | null {
  return snapshot.matches('confirming') ? snapshot.context.pendingAction : null;
}

export function selectIsSubmitting(snapshot: ProspectStatusSnapshot): boolean {
  return snapshot.matches('submitting');
}

/** The error to show after a rollback, else null. */
export function selectStatusError(snapshot: ProspectStatusSnapshot): StatusUpdateError | null {
  return snapshot.matches('rolledBack') ? snapshot.context.error : null;
}

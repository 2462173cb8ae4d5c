import type { DashboardColumn } from '@prospecta/domain';
import { messages } from '../messages';

export const columnMessages = {
  ongoing: messages.columnOngoing,
  to_call: messages.columnToCall,
  to_nurture: messages.columnToNurture,
  new_opportunity: messages.columnNewOpportunity,
} satisfies Record<DashboardColumn, unknown>;

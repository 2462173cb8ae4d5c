import type { DashboardColumn } from '@prospecta/domain';
import type { SortField } from '../../board';
import { messages } from '../messages';

export const columnMessages = {
  ongoing: messages.columnOngoing,
  to_call: messages.columnToCall,
  to_nurture: messages.columnToNurture,
  new_opportunity: messages.columnNewOpportunity,
} satisfies Record<DashboardColumn, unknown>;

export const sortFieldMessages = {
  first_name: messages.fieldFirstName,
  last_name: messages.fieldLastName,
  company: messages.fieldCompany,
  position: messages.fieldPosition,
  status: messages.fieldStatus,
  score: messages.fieldScore,
} satisfies Record<SortField, unknown>;

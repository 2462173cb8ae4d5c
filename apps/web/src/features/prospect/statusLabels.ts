import type { MessageDescriptor } from 'react-intl';
import type { ProspectStatus } from '@prospecta/domain';
import type { CommentActivity, ProspectTitle } from '@prospecta/api-client';
import { messages } from './messages';

/** §4: converted shows as 'new opportunity', nurture as 'opportunity to engage'. */
export const statusMessages: Record<ProspectStatus, MessageDescriptor> = {
  pending: messages.statusPending,
  ongoing: messages.statusOngoing,
  to_call: messages.statusToCall,
  converted: messages.statusConverted,
  lost: messages.statusLost,
  nurture: messages.statusNurture,
  nurtured: messages.statusNurtured,
};

export const activityMessages: Record<CommentActivity, MessageDescriptor> = {
  REACHED: messages.activityReached,
  NOT_REACHED: messages.activityNotReached,
  WRONG_NUMBER: messages.activityWrongNumber,
  INCOMING_CALL: messages.activityIncomingCall,
};

export const titleMessages: Record<ProspectTitle, MessageDescriptor> = {
  mister: messages.titleMister,
  miss: messages.titleMiss,
  undefined: messages.titleUndefined,
};

/** The name shown for a prospect ("First Last"), or null when both are blank. */
export function prospectName(p: {
  first_name?: string | null;
  last_name?: string | null;
}): string | null {
  const name = [p.first_name, p.last_name]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? null : name;
}

import type { ProspectStatus } from '@prospecta/domain';
import type { Tone } from '@prospecta/ui';

/**
 * The one place prospect statuses meet the design system's tones (chips, kanban column accents). Design
 * decision: pending and nurtured (waiting, already handled) share the neutral tone; nurtured was teal before
 * the theme had semantic tones.
 */
export const statusTones: Record<ProspectStatus, Tone> = {
  pending: 'neutral',
  ongoing: 'info',
  to_call: 'caution',
  converted: 'positive',
  lost: 'critical',
  nurture: 'accent',
  nurtured: 'neutral',
};

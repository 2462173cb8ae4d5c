import type { ReplyLabel } from '@prospecta/domain';
import type { Tone } from '@prospecta/ui';

/**
 * The one place reply labels meet the design system's tones (the inbox's chips). A chip always shows the label's
 * name beside its colour, so no meaning rests on the colour alone: good news in the positive tone, a referral in
 * the informative one, refusals and unsubscribe requests in the critical one, automatic replies and the rest neutral.
 */
export const replyLabelTones: Record<ReplyLabel, Tone> = {
  interested: 'positive',
  meeting_requested: 'accent',
  wrong_person: 'info',
  other: 'neutral',
  not_interested: 'critical',
  unsubscribe: 'caution',
  auto_reply: 'neutral',
  bounce: 'critical',
};

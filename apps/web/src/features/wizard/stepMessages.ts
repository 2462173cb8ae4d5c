import type { MessageDescriptor } from 'react-intl';
import type { WizardStep } from '@prospecta/machines';
import { messages } from './messages';

export const stepTitle: Record<WizardStep, MessageDescriptor> = {
  settings: messages.settings,
  'campaign-brief': messages.campaignBrief,
  'messaging-strategy': messages.messagingStrategy,
  'landing-pages': messages.landingPages,
  summary: messages.summary,
};

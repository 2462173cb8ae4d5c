import type { IntlShape, MessageDescriptor } from 'react-intl';
import { isTemplateVariable, TEMPLATE_VARIABLES, type TemplateVariable } from '@prospecta/domain';
import type { CampaignProblem, WorkflowStepType } from '@prospecta/domain/contract';
import { messages } from './messages';

export const stepTypeMessages: Record<WorkflowStepType, MessageDescriptor> = {
  email: messages.typeEmail,
  linkedin_invitation: messages.typeLinkedinInvitation,
  linkedin_message: messages.typeLinkedinMessage,
};

export const variableMessages: Record<TemplateVariable, MessageDescriptor> = {
  first_name: messages.variableFirstName,
  last_name: messages.variableLastName,
  company: messages.variableCompany,
  position: messages.variablePosition,
};

/** The variables as they are written in a template, listed in the language of the screen. */
export function variableTags(intl: IntlShape): string {
  return intl.formatList(
    TEMPLATE_VARIABLES.map((name) => `{{${name}}}`),
    { type: 'conjunction' },
  );
}

/**
 * The sentence of a problem of the sequence (builder step 3) or of its landing pages, from its code and details.
 * Other sections' codes read as a generic sentence naming the code: the builder's summary describes those.
 */
export function problemText(intl: IntlShape, problem: CampaignProblem): string {
  const t = intl.formatMessage;
  const field = problem.field === 'subject' ? 'subject' : 'body';
  const variable = problem.variable ?? '';
  switch (problem.code) {
    case 'no_steps':
      return t(messages.problemNoSteps);
    case 'subject_missing':
      return t(messages.problemSubjectMissing);
    case 'subject_too_long':
      return t(messages.problemSubjectTooLong, { limit: problem.limit ?? 0 });
    case 'body_missing':
      return t(messages.problemBodyMissing);
    case 'note_too_long':
      return t(messages.problemNoteTooLong, { limit: problem.limit ?? 0 });
    case 'too_many_links':
      return t(messages.problemTooManyLinks, { limit: problem.limit ?? 0 });
    case 'spam_words': {
      const words = problem.words ?? [];
      return t(messages.problemSpamWords, {
        count: words.length,
        words: intl.formatList(words, { type: 'conjunction' }),
      });
    }
    case 'unsubscribe_missing':
      return t(messages.problemUnsubscribeMissing, { tag: '{{unsubscribe}}' });
    case 'unknown_variable':
      return t(messages.problemUnknownVariable, {
        field,
        variable,
        variables: variableTags(intl),
      });
    case 'variable_gap':
      return t(messages.problemVariableGap, {
        count: problem.count ?? 0,
        variable: isTemplateVariable(variable) ? t(variableMessages[variable]) : variable,
        example: `{{${variable}|…}}`,
      });
    case 'unknown_landing_page':
      return t(messages.problemUnknownLandingPage, { variable });
    case 'template_malformed':
      return t(messages.problemTemplateMalformed, { field, open: '{{', close: '}}' });
    case 'landing_page_unused':
      return t(messages.problemLandingPageUnused, { variable });
    default:
      return t(messages.problemOther, { code: problem.code });
  }
}

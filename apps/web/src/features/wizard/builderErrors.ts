import type { IntlShape, MessageDescriptor } from 'react-intl';
import { ApiError, type CampaignProblem } from '@prospecta/api-client';
import { isCampaignErrorCode } from '@prospecta/domain';
import { formMessages } from '../../core/messages';
import { campaignErrorMessages, problemMessages } from './messages';

/**
 * The sentence for a refused builder call: the server's code translated (CampaignErrorCode), the network's failure,
 * else the call's own sentence. A server text is never shown.
 */
export function campaignErrorText(
  intl: IntlShape,
  cause: unknown,
  fallback: MessageDescriptor,
): string {
  if (cause instanceof ApiError) {
    const code = (cause.body as { code?: unknown } | null)?.code;
    if (isCampaignErrorCode(code)) return intl.formatMessage(campaignErrorMessages[code]);
  } else if (cause instanceof TypeError) {
    return intl.formatMessage(formMessages.networkError);
  }
  return intl.formatMessage(fallback);
}

/** A problem of the campaign as a whole sentence, with its step, variable, count, limit or words. */
export function problemText(intl: IntlShape, problem: CampaignProblem): string {
  const descriptor: MessageDescriptor = problemMessages[problem.code];
  return intl.formatMessage(descriptor, {
    step: problem.step ?? 0,
    variable: problem.variable ?? '',
    mailbox: problem.variable ?? 'none',
    count: problem.count ?? 0,
    limit: problem.limit ?? 0,
    words: intl.formatList(problem.words ?? [], { type: 'conjunction' }),
  });
}

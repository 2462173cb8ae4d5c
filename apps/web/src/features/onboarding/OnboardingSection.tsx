import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { onboardingQueryOptions } from '@prospecta/api-client';
import { Button, Spinner } from '@prospecta/ui';
import { useApiClients } from '../../core/hooks';
import { commonMessages } from '../../core/messages';
import { messages } from './messages';
import { OnboardingAnswers } from './OnboardingAnswers';
import { OnboardingQuestionnaire } from './OnboardingQuestionnaire';
import * as styles from './onboarding.css';

export interface OnboardingSectionProps {
  userId: number;
  /** The user's name (empty state of the answers). */
  name: string;
  /** answers: read only (staff viewing a customer's info tab); form: the questionnaire. */
  mode: 'form' | 'answers';
}

/** Loads the user's latest answers, then shows the questionnaire (pre-filled) or the answers. */
export function OnboardingSection({ userId, name, mode }: OnboardingSectionProps) {
  const intl = useIntl();
  const clients = useApiClients();
  const query = useQuery(onboardingQueryOptions(clients, userId));
  if (query.isError) {
    return (
      <div className={styles.questionnaire}>
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.loadError)}
        </p>
        <div>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </div>
      </div>
    );
  }
  if (query.isPending)
    return <Spinner size="large" label={intl.formatMessage(commonMessages.loading)} />;
  const { submission } = query.data;
  if (mode === 'answers') return <OnboardingAnswers submission={submission} name={name} />;
  // Keyed by user: another user's answers start a fresh form.
  return <OnboardingQuestionnaire key={userId} userId={userId} submission={submission} />;
}

import { useIntl } from 'react-intl';
import type { OnboardingSubmission } from '@prospecta/api-client';
import { Tabs } from '@prospecta/ui';
import { useZurichDateTime } from '../../../core/i18n/useDateFormat';
import type { MeetingsWidgetProps } from '../MeetingsWidget';
import { messages } from '../messages';
import * as styles from '../onboarding.css';
import { AudienceStep } from './AudienceStep';
import { BriefStep } from './BriefStep';
import { LastStep } from './LastStep';
import { useQuestionnaire, type QuestionnaireTab } from './useQuestionnaire';

export interface OnboardingQuestionnaireProps {
  /** The user the answers are for. */
  userId: number;
  /** The latest stored answers (null: never submitted). */
  submission: OnboardingSubmission | null;
  /** The tab shown first (stories). */
  initialTab?: QuestionnaireTab;
  /** Options of the meetings widget (stories). */
  widget?: MeetingsWidgetProps;
}

/** §2 onboarding questionnaire: product/service, target audience, last step. Both steps are kept as drafts while typed. */
export function OnboardingQuestionnaire({
  userId,
  submission,
  initialTab = 'brief',
  widget,
}: OnboardingQuestionnaireProps) {
  const intl = useIntl();
  const formatDate = useZurichDateTime();
  const questionnaire = useQuestionnaire(userId, submission, initialTab);
  const { tab, setTab, brief, audience, savedAt } = questionnaire;

  return (
    <div className={styles.questionnaire}>
      {savedAt ? (
        <p className={styles.saved} role="status">
          {intl.formatMessage(messages.savedOn, { date: formatDate(savedAt) })}
        </p>
      ) : (
        <p className={styles.muted}>{intl.formatMessage(messages.draftKept)}</p>
      )}
      <Tabs
        label={intl.formatMessage(messages.tabs)}
        value={tab}
        onValueChange={(value) => setTab(value as QuestionnaireTab)}
        items={[
          {
            value: 'brief',
            label: intl.formatMessage(messages.tabBrief),
            content: (
              <BriefStep
                userId={userId}
                {...brief}
                onPendingUploadsChange={questionnaire.setPendingUploads}
                onNext={() => void questionnaire.goToAudience()}
              />
            ),
          },
          {
            value: 'audience',
            label: intl.formatMessage(messages.tabAudience),
            content: (
              <AudienceStep
                {...audience}
                pendingUploads={questionnaire.pendingUploads}
                failure={questionnaire.failure}
                saving={questionnaire.saving}
                onBack={() => setTab('brief')}
                onSubmit={() => void questionnaire.submit()}
              />
            ),
          },
          {
            value: 'last-step',
            label: intl.formatMessage(messages.tabLastStep),
            content: <LastStep widget={widget} />,
          },
        ]}
      />
    </div>
  );
}

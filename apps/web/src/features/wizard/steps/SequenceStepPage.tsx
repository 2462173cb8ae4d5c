import { useIntl } from 'react-intl';
import type { SequenceStep } from '@prospecta/api-client';
import { Badge } from '@prospecta/ui';
import { useBuilder } from '../builderContext';
import { messages } from '../messages';
import { StepActions } from './StepActions';
import * as styles from '../wizard.css';

const typeNames = {
  email: messages.stepEmail,
  linkedin_invitation: messages.stepLinkedinInvitation,
  linkedin_message: messages.stepLinkedinMessage,
} as const;

/**
 * Step 3: the sequence. Its editor (features/sequence-editor, a controlled `SequenceEditor` saving `steps` through
 * updateCampaignDefinition) is not part of this version yet: the saved steps are listed read only, and the page
 * says so.
 */
export function SequenceStepPage({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const { definition } = useBuilder();
  return (
    <div className={styles.form}>
      <p className={styles.muted}>{intl.formatMessage(messages.editorMissing)}</p>
      {definition.steps.length === 0 ? (
        <p className={styles.paragraph}>{intl.formatMessage(messages.noSteps)}</p>
      ) : (
        <ol className={styles.list}>
          {definition.steps.map((step) => (
            <SequenceStepItem key={step.id} step={step} />
          ))}
        </ol>
      )}
      <StepActions failure={null} saving={false} readOnly onContinue={onDone} />
    </div>
  );
}

function SequenceStepItem({ step }: { step: SequenceStep }) {
  const intl = useIntl();
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span className={styles.strong}>
          {intl.formatMessage(messages.stepLine, {
            position: step.position,
            name: step.name || intl.formatMessage(typeNames[step.type]),
          })}
        </span>
        <span className={styles.muted}>
          {intl.formatMessage(typeNames[step.type])} ·{' '}
          {intl.formatMessage(messages.stepDelay, { days: step.delay_days })}
        </span>
        {step.subject ? <span className={styles.paragraph}>{step.subject}</span> : null}
        {step.body ? <p className={styles.preformatted}>{step.body}</p> : null}
        {step.draft_template ? (
          <span>
            <Badge tone="info">{intl.formatMessage(messages.draftTemplate)}</Badge>
          </span>
        ) : null}
      </div>
    </li>
  );
}

import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isWizardStep, nextStep, WIZARD_STEPS, type WizardStep } from '@prospecta/machines';
import { Card } from '@prospecta/ui';
import { paths } from '../../core/paths';
import { useBuilder } from './builderContext';
import { messages } from './messages';
import { stepTitle } from './stepMessages';
import { BriefStep } from './steps/BriefStep';
import { LandingPagesStepPage } from './steps/LandingPagesStepPage';
import { SequenceStepPage } from './steps/SequenceStepPage';
import { SettingsStep } from './steps/SettingsStep';
import { SummaryStep } from './steps/SummaryStep';
import { WizardActorContext } from './wizardActor';
import * as styles from './wizard.css';

/**
 * One step of the builder, for the campaign of the address. The step flags keep their §2 behaviour: a step that is
 * not accessible sends the address back to the current step, and saving a step completes it and opens the next one.
 */
export function WizardStepPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { step } = useParams();
  const { definition } = useBuilder();
  const wizard = WizardActorContext.useActorRef();
  const state = WizardActorContext.useSelector((snapshot) => snapshot.context);
  const current = state.current;
  const known = isWizardStep(step) ? step : null;
  const accessible = known !== null && state.steps[known].isAccessible;

  // The address says which step is open: the machine follows it (it refuses a step that is not accessible).
  useEffect(() => {
    if (known && accessible && current !== known) wizard.send({ type: 'wizard.goTo', step: known });
  }, [known, accessible, current, wizard]);

  if (!known) return <Navigate to={paths.notFound} replace />;
  if (!accessible) return <Navigate to={paths.wizardStep(current, definition.id)} replace />;

  const readOnly = !definition.is_editable;
  const onDone = () => {
    wizard.send({ type: 'wizard.complete' });
    const next = nextStep(known);
    if (next) navigate(paths.wizardStep(next, definition.id));
  };
  return (
    <Card title={intl.formatMessage(stepTitle[known])} titleLevel={2}>
      <div className={styles.body}>
        <p className={styles.muted}>
          {intl.formatMessage(messages.stepOf, {
            current: WIZARD_STEPS.indexOf(known) + 1,
            total: WIZARD_STEPS.length,
          })}
        </p>
        {readOnly ? (
          <p className={styles.paragraph} role="status">
            {intl.formatMessage(messages.notEditable)}
          </p>
        ) : null}
        <StepBody
          key={`${definition.id}-${known}`}
          step={known}
          onDone={onDone}
          readOnly={readOnly}
        />
      </div>
    </Card>
  );
}

function StepBody({
  step,
  onDone,
  readOnly,
}: {
  step: WizardStep;
  onDone: () => void;
  readOnly: boolean;
}) {
  switch (step) {
    case 'settings':
      return <SettingsStep onDone={onDone} readOnly={readOnly} />;
    case 'campaign-brief':
      return <BriefStep onDone={onDone} readOnly={readOnly} />;
    case 'messaging-strategy':
      return <SequenceStepPage onDone={onDone} readOnly={readOnly} />;
    case 'landing-pages':
      return <LandingPagesStepPage onDone={onDone} readOnly={readOnly} />;
    case 'summary':
      return <SummaryStep readOnly={readOnly} />;
  }
}

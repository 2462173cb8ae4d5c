import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isWizardStep, nextStep, WIZARD_STEPS } from '@prospecta/machines';
import { Button, Card } from '@prospecta/ui';
import { paths } from '../../core/paths';
import { messages } from './messages';
import { stepTitle } from './stepMessages';
import { WizardActorContext } from './wizardActor';
import * as styles from './wizard.css';

/**
 * One step of the wizard. The step bodies are not specified (§2: placeholders), so the page says so honestly;
 * marking the step as done opens the next one, as the step flags require (aiWizardMachine).
 */
export function WizardStepPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { step } = useParams();
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
  if (!accessible) return <Navigate to={paths.wizardStep(current)} replace />;

  const next = nextStep(known);
  const done = state.steps[known].isCompleted;
  const allDone = WIZARD_STEPS.every((s) => state.steps[s].isCompleted);
  return (
    <Card title={intl.formatMessage(stepTitle[known])} titleLevel={2}>
      <div className={styles.body}>
        <p className={styles.muted}>
          {intl.formatMessage(messages.stepOf, {
            current: WIZARD_STEPS.indexOf(known) + 1,
            total: WIZARD_STEPS.length,
          })}
        </p>
        <p>{intl.formatMessage(messages.bodyPending)}</p>
        {allDone ? <p role="status">{intl.formatMessage(messages.allDone)}</p> : null}
        <div className={styles.actions}>
          {!done ? (
            <Button
              onClick={() => {
                wizard.send({ type: 'wizard.complete' });
                if (next) navigate(paths.wizardStep(next));
              }}
            >
              {intl.formatMessage(next ? messages.complete : messages.completeLast)}
            </Button>
          ) : null}
          {allDone ? (
            <Button
              variant="secondary"
              onClick={() => {
                wizard.send({ type: 'wizard.reset' });
                navigate(paths.wizardStep('settings'));
              }}
            >
              {intl.formatMessage(messages.restart)}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useNavigate, useParams } from 'react-router';
import {
  createAiWizardMachine,
  isWizardStep,
  selectCurrentStep,
  selectWizardSteps,
} from '@prospecta/machines';
import { Stepper } from '@prospecta/ui';
import { usePreferences } from '../../core/hooks';
import { paths } from '../../core/paths';
import { useDocumentTitle } from '../../core/documentTitle';
import { pageNameMessages } from '../../core/messages';
import { messages } from './messages';
import { stepTitle } from './stepMessages';
import { WizardActorContext, wizardStorage } from './wizardActor';
import * as styles from './wizard.css';

/** The staff-only AI area (§2): the wizard's machine, kept in browser storage, for the side list and the steps. */
export function WizardLayout() {
  const preferences = usePreferences();
  const [logic] = useState(() => createAiWizardMachine(wizardStorage(preferences)));
  return (
    <WizardActorContext.Provider logic={logic}>
      <WizardFrame />
    </WizardActorContext.Provider>
  );
}

/** The side list of steps (a step opens only when accessible) beside the step of the address. */
function WizardFrame() {
  const intl = useIntl();
  useDocumentTitle({ page: intl.formatMessage(pageNameMessages.wizard) });
  const navigate = useNavigate();
  const { step: shown } = useParams();
  const steps = WizardActorContext.useSelector(selectWizardSteps, sameSteps);
  const current = WizardActorContext.useSelector(selectCurrentStep);
  return (
    <div className={styles.layout}>
      <h1 className={styles.header}>{intl.formatMessage(messages.title)}</h1>
      <Stepper
        label={intl.formatMessage(messages.steps)}
        currentStepId={isWizardStep(shown) ? shown : current}
        onStepSelect={(id) => {
          if (isWizardStep(id)) navigate(paths.wizardStep(id));
        }}
        steps={steps.map(({ step, isAccessible, isCompleted }) => {
          const label = intl.formatMessage(stepTitle[step]);
          return {
            id: step,
            label,
            isAccessible,
            isCompleted,
            status: isCompleted
              ? intl.formatMessage(messages.stepCompleted)
              : isAccessible
                ? undefined
                : intl.formatMessage(messages.stepLocked),
          };
        })}
      >
        <Outlet />
      </Stepper>
    </div>
  );
}

type Steps = ReturnType<typeof selectWizardSteps>;

/** The side list changes only when a step's flags or the current step do. */
function sameSteps(a: Steps, b: Steps): boolean {
  return a.every(
    (step, i) =>
      step.step === b[i]?.step &&
      step.isCurrent === b[i].isCurrent &&
      step.isAccessible === b[i].isAccessible &&
      step.isCompleted === b[i].isCompleted,
  );
}

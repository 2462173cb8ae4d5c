import { useIntl } from 'react-intl';
import { Link, Outlet, useParams } from 'react-router';
import { Check } from 'lucide-react';
import { WIZARD_STEPS } from '@prospecta/machines';
import { paths } from '../../routes/paths';
import { messages } from './messages';
import { stepTitle } from './stepMessages';
import { useWizardState } from './useWizardState';
import * as styles from './wizard.css';
import { useDocumentTitle } from '../../app/documentTitle';
import { pageNameMessages } from '../common/messages';

/** The staff-only AI area (§2): the side list of steps (a step opens only when accessible) and the step. */
export function WizardLayout() {
  const intl = useIntl();
  useDocumentTitle({ page: intl.formatMessage(pageNameMessages.wizard) });
  const { step: active } = useParams();
  const { state } = useWizardState();
  return (
    <div className={styles.layout}>
      <h1 className={styles.header}>{intl.formatMessage(messages.title)}</h1>
      <nav aria-label={intl.formatMessage(messages.steps)}>
        <ol className={styles.stepList}>
          {WIZARD_STEPS.map((step, index) => {
            const flags = state.steps[step];
            const number = (
              <span
                className={
                  flags.isCompleted
                    ? `${styles.stepNumber} ${styles.stepNumberDone}`
                    : styles.stepNumber
                }
                aria-hidden="true"
              >
                {flags.isCompleted ? <Check size={14} /> : index + 1}
              </span>
            );
            const status = flags.isCompleted
              ? messages.completed
              : flags.isAccessible
                ? null
                : messages.locked;
            const label = (
              <>
                {number}
                <span>{intl.formatMessage(stepTitle[step])}</span>
                {status ? (
                  <span className={styles.visuallyHidden}>{`(${intl.formatMessage(status)})`}</span>
                ) : null}
              </>
            );
            return (
              <li key={step}>
                {flags.isAccessible ? (
                  <Link
                    to={paths.wizardStep(step)}
                    className={styles.stepLink}
                    aria-current={active === step ? 'step' : undefined}
                  >
                    {label}
                  </Link>
                ) : (
                  <span className={styles.stepLocked} aria-disabled="true">
                    {label}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <Outlet />
    </div>
  );
}

import { useIntl } from 'react-intl';
import { Button } from '@prospecta/ui';
import { messages } from '../messages';
import * as styles from '../wizard.css';

/** A step's end: the save failure (the form keeps what was typed) and the button that saves and goes on. */
export function StepActions({
  failure,
  invalid,
  saving,
  readOnly,
  onContinue,
}: {
  failure: string | null;
  /** The form was submitted with errors. */
  invalid?: boolean;
  saving: boolean;
  /** Nothing to save (a launched campaign, a read-only listing): the button only goes on. */
  readOnly?: boolean;
  /** Without it the button submits the step's form. */
  onContinue?: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      {invalid ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.formInvalid)}
        </p>
      ) : null}
      {failure ? (
        <p className={styles.errorText} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          type={onContinue ? 'button' : 'submit'}
          loading={saving}
          {...(onContinue ? { onClick: onContinue } : {})}
        >
          {intl.formatMessage(readOnly ? messages.continue : messages.saveAndContinue)}
        </Button>
      </div>
    </>
  );
}

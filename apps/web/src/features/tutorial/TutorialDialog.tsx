import { useState } from 'react';
import { useIntl } from 'react-intl';
import { APP_VERSION } from '@prospecta/domain';
import { Button, Dialog } from '@prospecta/ui';
import { messages } from './messages';
import * as styles from './Tutorial.css';

const steps = [
  { title: messages.languageTitle, body: messages.languageBody },
  { title: messages.sessionTitle, body: messages.sessionBody },
  { title: messages.profileTitle, body: messages.profileBody },
] as const;

export interface TutorialDialogProps {
  open: boolean;
  /** Finishing or skipping (including closing the dialog) stores the version: the tutorial is done. */
  onDone: () => void;
}

/** §4 'new features' tutorial: a few steps; finish or skip. */
export function TutorialDialog({ open, onDone }: TutorialDialogProps) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const step = steps[index] ?? steps[0];
  const last = index === steps.length - 1;
  const done = () => {
    setIndex(0);
    onDone();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) done();
      }}
      title={intl.formatMessage(messages.title, { version: APP_VERSION })}
      closeLabel={intl.formatMessage(messages.close)}
      footer={
        <div className={styles.footer}>
          <Button variant="ghost" onClick={done}>
            {intl.formatMessage(messages.skip)}
          </Button>
          <div className={styles.footerEnd}>
            {index > 0 ? (
              <Button variant="secondary" onClick={() => setIndex(index - 1)}>
                {intl.formatMessage(messages.previous)}
              </Button>
            ) : null}
            {last ? (
              <Button onClick={done}>{intl.formatMessage(messages.finish)}</Button>
            ) : (
              <Button onClick={() => setIndex(index + 1)}>
                {intl.formatMessage(messages.next)}
              </Button>
            )}
          </div>
        </div>
      }
    >
      <div className={styles.body}>
        <p className={styles.progress}>
          {intl.formatMessage(messages.step, { current: index + 1, total: steps.length })}
        </p>
        <h3 className={styles.stepTitle}>{intl.formatMessage(step.title)}</h3>
        <p className={styles.stepText}>{intl.formatMessage(step.body)}</p>
      </div>
    </Dialog>
  );
}

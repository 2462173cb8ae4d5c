import { useIntl } from 'react-intl';
import { MeetingsWidget, type MeetingsWidgetProps } from '../MeetingsWidget';
import { messages } from '../messages';
import * as styles from '../onboarding.css';

/** Step 3: booking the kick-off meeting (the meetings widget). */
export function LastStep({ widget }: { widget?: MeetingsWidgetProps }) {
  const intl = useIntl();
  return (
    <section className={styles.step} aria-label={intl.formatMessage(messages.lastStepTitle)}>
      <h2 className={styles.stepTitle}>{intl.formatMessage(messages.lastStepTitle)}</h2>
      <p className={styles.muted}>{intl.formatMessage(messages.lastStepIntro)}</p>
      <MeetingsWidget {...widget} />
    </section>
  );
}

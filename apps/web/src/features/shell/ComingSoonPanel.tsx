import { useIntl } from 'react-intl';
import { Card } from '@prospecta/ui';
import { comingSoonMessages } from './messages';
import * as styles from './shell.css';

export type ComingSoonScreen = 'inbox' | 'integrations';

/** An honest placeholder for a screen a later issue builds: it says so and shows no data. */
export function ComingSoonPanel({ screen }: { screen: ComingSoonScreen }) {
  const intl = useIntl();
  return (
    <div className={styles.page}>
      <Card
        title={intl.formatMessage(comingSoonMessages.title)}
        titleLevel={1}
        data-testid={`coming-soon-${screen}`}
      >
        <p className={styles.muted}>{intl.formatMessage(comingSoonMessages[screen])}</p>
      </Card>
    </div>
  );
}

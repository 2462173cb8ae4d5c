import { useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '@prospecta/ui';
import { commonMessages } from '../../core/messages';
import * as styles from './integrations.css';

/** An account list that could not be loaded: what failed, and a retry (both account cards). */
export function LoadError({
  message,
  onRetry,
}: {
  message: MessageDescriptor;
  onRetry: () => void;
}) {
  const intl = useIntl();
  return (
    <div className={styles.loadError}>
      <p className={styles.errorText}>{intl.formatMessage(message)}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {intl.formatMessage(commonMessages.retry)}
      </Button>
    </div>
  );
}

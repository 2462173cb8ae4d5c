import { useIntl } from 'react-intl';
import { Button, EmptyState } from '@prospecta/ui';
import { commonMessages } from '../../core/messages';
import { screenLoadErrorMessages } from './messages';

export interface ScreenLoadErrorProps {
  /** Which data could not be loaded ("The dashboard could not be loaded."). */
  title: string;
  /** Asks for the data again. */
  onRetry: () => void;
  /** The data is being asked for again: the button shows it and waits. */
  retrying: boolean;
}

/**
 * A screen whose data could not be loaded: which data, what to check, and a retry. The screen places it (and says
 * it as an alert where nothing around it does).
 */
export function ScreenLoadError({ title, onRetry, retrying }: ScreenLoadErrorProps) {
  const intl = useIntl();
  return (
    <EmptyState
      title={title}
      description={intl.formatMessage(screenLoadErrorMessages.body)}
      titleLevel={2}
      action={
        <Button onClick={onRetry} loading={retrying}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      }
    />
  );
}

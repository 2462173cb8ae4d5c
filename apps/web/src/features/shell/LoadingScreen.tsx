import { useIntl } from 'react-intl';
import { commonMessages } from '../../core/messages';
import { StatusScreen } from './StatusScreen';

/** Shown while a screen's code loads on the first visit. */
export function LoadingScreen() {
  const intl = useIntl();
  return <StatusScreen label={intl.formatMessage(commonMessages.loading)} />;
}

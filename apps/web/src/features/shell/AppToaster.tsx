import { useIntl } from 'react-intl';
import { Toaster } from '@prospecta/ui';
import { shellMessages } from './messages';

/** The one toast region (§9 defaults come from the design system), with translated labels. */
export function AppToaster() {
  const intl = useIntl();
  return (
    <Toaster
      label={intl.formatMessage(shellMessages.notifications)}
      closeLabel={intl.formatMessage(shellMessages.close)}
    />
  );
}

import { useIntl } from 'react-intl';
import { Footer } from '@prospecta/ui';
import { useNow } from '../../core/runtimeEnvironment';
import { shellMessages } from './messages';
import * as styles from './shell.css';

const HELP_URL = 'https://prospecta.example/help';

/** §2 footer: copyright and a link. */
export function ShellFooter() {
  const intl = useIntl();
  const year = useNow().getFullYear();
  return (
    <Footer>
      <span>{intl.formatMessage(shellMessages.copyright, { year })}</span>
      <a className={styles.footerLink} href={HELP_URL} target="_blank" rel="noreferrer">
        {intl.formatMessage(shellMessages.footerLink)}
      </a>
    </Footer>
  );
}

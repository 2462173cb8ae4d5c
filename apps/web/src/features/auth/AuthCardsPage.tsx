import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Card, FlipCard } from '@prospecta/ui';
import { paths } from '../../core/paths';
import { LoginForm } from './LoginForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { messages } from './messages';
import * as styles from './auth.css';
import { useDocumentTitle } from '../../core/documentTitle';
import { pageNameMessages } from '../../core/messages';

/** /login and /reset-password (§2): the same pair of cards, flipping between the login and the reset form. */
export function AuthCardsPage({ face }: { face: 'login' | 'reset' }) {
  const intl = useIntl();
  useDocumentTitle({
    page: intl.formatMessage(
      face === 'login' ? pageNameMessages.login : pageNameMessages.resetPassword,
    ),
  });
  const navigate = useNavigate();
  return (
    <FlipCard
      flipped={face === 'reset'}
      front={
        <Card
          title={intl.formatMessage(messages.loginTitle)}
          titleLevel={1}
          elevation="raised"
          padding="large"
        >
          <p className={styles.subtitle}>{intl.formatMessage(messages.loginSubtitle)}</p>
          <LoginForm onForgotPassword={() => navigate(paths.resetPassword)} />
        </Card>
      }
      back={
        <Card
          title={intl.formatMessage(messages.resetTitle)}
          titleLevel={1}
          elevation="raised"
          padding="large"
        >
          <ResetPasswordForm onBackToLogin={() => navigate(paths.login)} />
        </Card>
      }
    />
  );
}

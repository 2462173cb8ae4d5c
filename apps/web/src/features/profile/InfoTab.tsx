import { Navigate } from 'react-router';
import { ComingSoonPanel } from '../shell/ComingSoonPanel';
import { ONBOARDING_FORM_FLAG, useUserPageContext } from './UserPage';

/** The info tab exists only for users with the onboarding_form flag (§2); the questionnaire is built later. */
export function InfoTab() {
  const { user } = useUserPageContext();
  if (!user.flags.includes(ONBOARDING_FORM_FLAG)) return <Navigate to="../profile" replace />;
  return <ComingSoonPanel screen="info" />;
}

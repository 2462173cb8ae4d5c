import { Navigate } from 'react-router';
import { useSession } from '../../core/hooks';
import { OnboardingSection } from '../onboarding';
import { ONBOARDING_FORM_FLAG, useUserPageContext } from './UserPage';
import { useUserPageTitle } from '../../core/userPageTitle';
import { pageNameMessages } from '../../core/messages';

/**
 * The info tab exists only for users with the onboarding_form flag (§2): the user fills the questionnaire there;
 * staff viewing a customer see that customer's answers.
 */
export function InfoTab() {
  useUserPageTitle(pageNameMessages.info);
  const { user, isOwn } = useUserPageContext();
  const { isStaff } = useSession();
  if (!user.flags.includes(ONBOARDING_FORM_FLAG)) return <Navigate to="../profile" replace />;
  return (
    <OnboardingSection
      userId={user.id}
      name={user.full_name}
      mode={isStaff && !isOwn ? 'answers' : 'form'}
    />
  );
}

export {
  UserPage,
  useUserPageContext,
  ONBOARDING_FORM_FLAG,
  type UserPageContext,
} from './UserPage';
export { ProfileTab } from './ProfileTab';
export { InfoTab } from './InfoTab';
export { DebugInfoCard } from './DebugInfoCard';
export { ChangeOwnPasswordForm } from './ChangeOwnPasswordForm';
export { debugInfoFrom } from './debugInfo';

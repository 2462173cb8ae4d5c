export { PublicLayout } from './PublicLayout';
export { AuthCardsPage } from './AuthCardsPage';
export { ChangePasswordPage } from './ChangePasswordPage';
export { LoginForm } from './LoginForm';
export { ResetPasswordForm } from './ResetPasswordForm';

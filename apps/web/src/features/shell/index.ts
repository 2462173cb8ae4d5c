export { StartupError } from './StartupError';
export { AppToaster } from './AppToaster';
export { ShellLayout } from './ShellLayout';
export { OnboardingLayout } from './OnboardingLayout';
export { ComingSoonPanel, type ComingSoonScreen } from './ComingSoonPanel';
export { StatusScreen } from './StatusScreen';
export { RefreshingBanner } from './RefreshingBanner';
export { LanguageMenu } from './LanguageMenu';
export { Logo } from './Logo';

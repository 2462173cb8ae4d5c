export { StartupError } from './StartupError';
export { AppToaster } from './AppToaster';
export { ShellLayout } from './ShellLayout';
export { OnboardingLayout } from './OnboardingLayout';
export { StatusScreen } from './StatusScreen';
export { RefreshingBanner } from './RefreshingBanner';
export { LoadingScreen } from './LoadingScreen';
export { RouteErrorPage, type RouteErrorPageProps } from './RouteErrorPage';

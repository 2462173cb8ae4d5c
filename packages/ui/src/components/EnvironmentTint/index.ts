export { EnvironmentTint, type EnvironmentTintProps } from './EnvironmentTint';

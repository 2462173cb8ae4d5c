export { WizardLayout } from './WizardLayout';
export { WizardStepPage } from './WizardStepPage';
export { useWizardState } from './useWizardState';

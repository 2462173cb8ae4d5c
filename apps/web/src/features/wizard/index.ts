export { WizardLayout } from './WizardLayout';
export { WizardStepPage } from './WizardStepPage';

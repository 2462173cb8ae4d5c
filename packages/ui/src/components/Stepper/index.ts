export { canOpenStep, Stepper, type StepperProps, type StepperStep } from './Stepper';

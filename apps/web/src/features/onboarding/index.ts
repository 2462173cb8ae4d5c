export { OnboardingPage } from './OnboardingPage';
export { OnboardingSection, type OnboardingSectionProps } from './OnboardingSection';
export {
  OnboardingQuestionnaire,
  type OnboardingQuestionnaireProps,
  type QuestionnaireTab,
} from './OnboardingQuestionnaire';
export { OnboardingAnswers } from './OnboardingAnswers';

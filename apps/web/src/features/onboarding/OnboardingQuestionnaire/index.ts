export {
  OnboardingQuestionnaire,
  type OnboardingQuestionnaireProps,
} from './OnboardingQuestionnaire';
export type { QuestionnaireTab } from './useQuestionnaire';

export { TutorialProvider, useTutorial } from './TutorialProvider';
export { TutorialDialog } from './TutorialDialog';
export { shouldShowTutorial } from './version';

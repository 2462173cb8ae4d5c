export { TutorialProvider, useTutorial } from './TutorialProvider';

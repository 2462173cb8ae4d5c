export { SequenceEditor, type SequenceEditorProps } from './SequenceEditor';
export { LandingPagesEditor, type LandingPagesEditorProps } from './LandingPagesEditor';
export { useSampleProspects } from './useSampleProspects';
export { problemText } from './problemText';

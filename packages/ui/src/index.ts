// @prospecta/ui: the design system. Importing it installs the light theme and the bundled font.
import './theme/fonts';
import './theme/theme.css';

export { vars } from './theme/contract.css';
export {
  applyEnvironment,
  environmentTints,
  tintForEnvironment,
  type EnvironmentTintName,
} from './theme/environment';
export { sprinkles, breakpoints, mq, type Sprinkles, type Breakpoint } from './css/sprinkles.css';
export { focusRing, visuallyHidden } from './css/utils.css';
export { focusOutline } from './css/focus';
/** The page, panels and rows of a list beside its open item (the inbox, the caught mails). */
export * as listPane from './css/listPane.css';

export * from './components/Button';
export * from './components/Spinner';
export * from './components/IconButton';
export * from './components/TextField';
export * from './components/PasswordField';
export * from './components/TextArea';
export * from './components/Checkbox';
export type { FieldBaseProps } from './components/Field';
export * from './components/Card';
export * from './components/FlipCard';
export * from './components/Dialog';
export * from './components/ConfirmDialog';
export * from './components/Toaster';
export * from './components/EmptyState';
export * from './components/Notice';
export * from './components/Badge';
export * from './components/Tabs';
export * from './components/Select';
export * from './components/SortControl';
export * from './components/AppShell';
export * from './components/LanguageSwitch';
export * from './components/UserMenu';
export * from './components/ActionMenu';
export * from './components/ToneChip';
export { tones, type Tone } from './theme/tones';
export * from './components/TagList';
export * from './components/Percentage';
export * from './components/DateChip';
export * from './components/Table';
export * from './components/Kanban';
export * from './components/FileDrop';
export * from './components/Stepper';
export { lightTheme } from './theme/tokens';
export type { MapLeafNodes } from './theme/types';
export * from './components/ReorderableList';

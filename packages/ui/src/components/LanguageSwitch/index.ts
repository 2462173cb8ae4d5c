export {
  LanguageSwitch,
  languages,
  type Language,
  type LanguageSwitchProps,
} from './LanguageSwitch';
export { FlagFr, FlagGb } from './flags';

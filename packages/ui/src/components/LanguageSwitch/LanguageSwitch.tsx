import clsx from 'clsx';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FlagFr, FlagGb } from './flags';
import * as styles from './LanguageSwitch.css';

export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];

const flags: Record<Language, ReactNode> = { fr: <FlagFr width={20} />, en: <FlagGb width={20} /> };

export interface LanguageSwitchProps {
  value: Language;
  onValueChange: (language: Language) => void;
  /** Accessible name of the group, e.g. "Language". */
  label: string;
  /** Name of each language, in that language (e.g. { fr: 'Français', en: 'English' }). */
  languageNames: Record<Language, string>;
  /** Show the short code (FR / EN) beside the flag. */
  showCode?: boolean;
  className?: string;
}

/**
 * Flag buttons for fr / en: a single-choice group (WAI-ARIA radio group of buttons, as Radix's single toggle group).
 * The chosen language is the tab stop; arrow keys (and Home / End) move between the flags, Space or Enter chooses.
 * Hand-written rather than Radix's ToggleGroup: it shows on the sign-in page, whose JavaScript budget the
 * roving-focus and collection packages would take 8 KB of.
 */
export function LanguageSwitch({
  value,
  onValueChange,
  label,
  languageNames,
  showCode = true,
  className,
}: LanguageSwitchProps) {
  const buttons = useRef(new Map<Language, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = languages.length - 1;
    const target =
      event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? index === 0
          ? last
          : index - 1
        : event.key === 'ArrowRight' || event.key === 'ArrowDown'
          ? index === last
            ? 0
            : index + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current.get(languages[target]!)?.focus();
  };
  return (
    <div role="group" className={clsx(styles.group, className)} aria-label={label}>
      {languages.map((language, index) => (
        <button
          key={language}
          ref={(element) => {
            if (element) buttons.current.set(language, element);
            else buttons.current.delete(language);
          }}
          type="button"
          role="radio"
          aria-checked={language === value}
          data-state={language === value ? 'on' : 'off'}
          tabIndex={language === value ? 0 : -1}
          className={styles.item}
          aria-label={languageNames[language]}
          title={languageNames[language]}
          lang={language}
          // Clicking the current language keeps it.
          onClick={() => {
            if (language !== value) onValueChange(language);
          }}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          <span className={styles.flag}>{flags[language]}</span>
          {showCode && <span aria-hidden="true">{language.toUpperCase()}</span>}
        </button>
      ))}
    </div>
  );
}

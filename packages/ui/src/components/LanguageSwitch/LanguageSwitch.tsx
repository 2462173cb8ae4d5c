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

/** Where each key moves the focus from `index` among `count` flags (before wrapping around). */
const KEY_TARGETS: Partial<Record<string, (index: number, count: number) => number>> = {
  ArrowLeft: (index) => index - 1,
  ArrowUp: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  ArrowDown: (index) => index + 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Flag buttons for fr / en: a WAI-ARIA radio group. The chosen language is the tab stop; arrow keys (and Home / End)
 * move to another flag and choose it, as in every radio group, wrapping around; Space or a click chooses the focused
 * flag. Written by hand rather than with Radix's RadioGroup: the switch shows on the sign-in page, whose JavaScript
 * budget (150 KB gzipped) Radix's radio group, roving focus and collection packages would take 8 KB of.
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
  // Choosing the current language keeps it.
  const choose = (language: Language) => {
    if (language !== value) onValueChange(language);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = languages.length;
    const reached = KEY_TARGETS[event.key]?.(index, count);
    if (reached === undefined) return;
    const target = (reached + count) % count;
    event.preventDefault();
    const language = languages[target]!;
    buttons.current.get(language)?.focus();
    choose(language);
  };
  return (
    <div role="radiogroup" className={clsx(styles.group, className)} aria-label={label}>
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
          data-state={language === value ? 'checked' : 'unchecked'}
          tabIndex={language === value ? 0 : -1}
          className={styles.item}
          aria-label={languageNames[language]}
          title={languageNames[language]}
          lang={language}
          onClick={() => choose(language)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          <span className={styles.flag}>{flags[language]}</span>
          {showCode && <span aria-hidden="true">{language.toUpperCase()}</span>}
        </button>
      ))}
    </div>
  );
}

import * as ToggleGroup from '@radix-ui/react-toggle-group';
import clsx from 'clsx';
import type { ReactNode } from 'react';
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

/** Flag buttons for fr / en: a single-choice group (arrow keys move between them). */
export function LanguageSwitch({ value, onValueChange, label, languageNames, showCode = true, className }: LanguageSwitchProps) {
  return (
    <ToggleGroup.Root
      type="single"
      className={clsx(styles.group, className)}
      value={value}
      aria-label={label}
      onValueChange={(next) => {
        // Clicking the current language would clear the choice: keep it instead.
        if (next === 'fr' || next === 'en') onValueChange(next);
      }}
    >
      {languages.map((language) => (
        <ToggleGroup.Item
          key={language}
          value={language}
          className={styles.item}
          aria-label={languageNames[language]}
          title={languageNames[language]}
          lang={language}
        >
          <span className={styles.flag}>{flags[language]}</span>
          {showCode && <span aria-hidden="true">{language.toUpperCase()}</span>}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

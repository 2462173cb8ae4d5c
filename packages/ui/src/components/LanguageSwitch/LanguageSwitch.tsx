import clsx from 'clsx';
import * as RadioGroup from '@radix-ui/react-radio-group';
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

/**
 * Flag buttons for fr / en: a WAI-ARIA radio group (Radix RadioGroup). The chosen language is the tab stop; arrow
 * keys move to the other flag and choose it, as in every radio group, Space chooses the focused flag.
 */
export function LanguageSwitch({
  value,
  onValueChange,
  label,
  languageNames,
  showCode = true,
  className,
}: LanguageSwitchProps) {
  return (
    <RadioGroup.Root
      className={clsx(styles.group, className)}
      aria-label={label}
      value={value}
      loop
      onValueChange={(next) => {
        const language = languages.find((candidate) => candidate === next);
        if (language && language !== value) onValueChange(language);
      }}
    >
      {languages.map((language) => (
        <RadioGroup.Item
          key={language}
          value={language}
          className={styles.item}
          aria-label={languageNames[language]}
          title={languageNames[language]}
          lang={language}
        >
          <span className={styles.flag}>{flags[language]}</span>
          {showCode && <span aria-hidden="true">{language.toUpperCase()}</span>}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}

import { useIntl } from 'react-intl';
import type { CampaignLanguage } from '@prospecta/api-client';
import { CAMPAIGN_LANGUAGES } from '@prospecta/domain';
import { messages } from './messages';
import * as styles from './wizard.css';

export const languageNames = { fr: messages.languageFr, en: messages.languageEn } as const;

/** The campaign's language (its messages and the unsubscribe sentence): French or English. */
export function LanguageChoice({
  name,
  value,
  onChange,
  disabled = false,
}: {
  name: string;
  value: CampaignLanguage;
  onChange: (language: CampaignLanguage) => void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{intl.formatMessage(messages.campaignLanguage)}</legend>
      <div className={styles.radios}>
        {CAMPAIGN_LANGUAGES.map((language) => (
          <label key={language} className={styles.radio}>
            <input
              type="radio"
              name={name}
              value={language}
              checked={value === language}
              onChange={() => onChange(language)}
            />
            {intl.formatMessage(languageNames[language])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

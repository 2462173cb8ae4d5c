import { useIntl } from 'react-intl';
import { LanguageSwitch } from '@prospecta/ui';
import { useLocale } from '../../core/i18n';
import { frameMessages } from './messages';

/** The language switch (flags); the choice persists in the `prospecta.locale` preference. */
export function LanguageMenu({ className }: { className?: string }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <LanguageSwitch
      className={className}
      value={locale}
      onValueChange={setLocale}
      label={intl.formatMessage(frameMessages.language)}
      languageNames={{
        fr: intl.formatMessage(frameMessages.languageFr),
        en: intl.formatMessage(frameMessages.languageEn),
      }}
    />
  );
}

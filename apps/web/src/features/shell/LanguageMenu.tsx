import { useIntl } from 'react-intl';
import { LanguageSwitch } from '@prospecta/ui';
import { useLocale } from '../../i18n';
import { shellMessages } from './messages';

/** The language switch (flags); the choice persists in the `prospecta.locale` preference. */
export function LanguageMenu({ className }: { className?: string }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <LanguageSwitch
      className={className}
      value={locale}
      onValueChange={setLocale}
      label={intl.formatMessage(shellMessages.language)}
      languageNames={{
        fr: intl.formatMessage(shellMessages.languageFr),
        en: intl.formatMessage(shellMessages.languageEn),
      }}
    />
  );
}

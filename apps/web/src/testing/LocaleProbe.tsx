import { FormattedMessage } from 'react-intl';
import { useLocale } from '../core/i18n';

/** Shows the language in use (data-locale) and one translated text, with a button that picks French. */
export function LocaleProbe() {
  const { locale, setLocale } = useLocale();
  return (
    <>
      <p data-testid="probe" data-locale={locale}>
        <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
      </p>
      <button type="button" onClick={() => setLocale('fr')}>
        to-fr
      </button>
    </>
  );
}

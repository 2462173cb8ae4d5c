import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { MEETINGS_BOOKING_URL, MEETINGS_WIDGET_SCRIPT_URL } from '@prospecta/domain';
import { Spinner } from '@prospecta/ui';
import { messages } from './messages';
import * as styles from './onboarding.css';

export interface MeetingsWidgetProps {
  scriptUrl?: string;
  bookingUrl?: string;
  /** After this delay without the script, the plain link takes its place. */
  timeoutMs?: number;
}

type WidgetState = 'loading' | 'ready' | 'unavailable';

/**
 * The third-party meetings widget (§2 last step). Mounted only with its tab, so its script loads only there;
 * offline, blocked or too slow, a message and a plain link to the booking page take its place.
 */
export function MeetingsWidget({
  scriptUrl = MEETINGS_WIDGET_SCRIPT_URL,
  bookingUrl = MEETINGS_BOOKING_URL,
  timeoutMs = 10_000,
}: MeetingsWidgetProps) {
  const intl = useIntl();
  const [state, setState] = useState<WidgetState>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'unavailable' : 'loading',
  );

  useEffect(() => {
    if (state !== 'loading') return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    const timer = window.setTimeout(() => setState('unavailable'), timeoutMs);
    script.onload = () => {
      window.clearTimeout(timer);
      setState('ready');
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      setState('unavailable');
    };
    document.body.appendChild(script);
    return () => {
      window.clearTimeout(timer);
      script.remove();
    };
    // Loads once per mount; a later state change must not reload the script.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scriptUrl, timeoutMs]);

  const embedUrl = `${bookingUrl}${bookingUrl.includes('?') ? '&' : '?'}embed=true`;
  return (
    <div className={styles.widget} data-testid="meetings-widget" data-state={state}>
      {state === 'loading' && <Spinner label={intl.formatMessage(messages.widgetLoading)} />}
      {state === 'unavailable' ? (
        <div className={styles.widgetFallback} role="status">
          <p>{intl.formatMessage(messages.widgetUnavailable)}</p>
          <a href={bookingUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {intl.formatMessage(messages.widgetLink)}
          </a>
        </div>
      ) : (
        <div className="meetings-iframe-container" data-src={embedUrl} />
      )}
    </div>
  );
}

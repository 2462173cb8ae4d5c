import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { CaughtMail } from '@prospecta/api-client';
import { useZurichDateTime } from '../../core/i18n/useDateFormat';
import { MAIL_FRAME_SANDBOX, mailDocument, unsubscribeLinks } from './mailDocument';
import { messages } from './messages';
import * as styles from './caughtMails.css';

/** The headers a reader checks, in the order a mail client would show them. */
const HEADERS = [
  ['message_id', 'Message-ID'],
  ['in_reply_to', 'In-Reply-To'],
  ['references', 'References'],
  ['list_unsubscribe', 'List-Unsubscribe'],
  ['list_unsubscribe_post', 'List-Unsubscribe-Post'],
] as const;

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.fieldName}>{name}</dt>
      <dd className={styles.fieldValue}>{children}</dd>
    </>
  );
}

/** One caught mail whole: who, when, the headers that matter, the HTML part (sandboxed), the text part, the source. */
export function CaughtMailView({ mail }: { mail: CaughtMail }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const dateTime = useZurichDateTime();
  const unsubscribe = unsubscribeLinks(mail.headers.list_unsubscribe);

  return (
    <article
      className={styles.mail}
      aria-labelledby="caught-mail-subject"
      data-testid="caught-mail"
    >
      <h2 id="caught-mail-subject" className={styles.subject}>
        {mail.subject || t(messages.noSubject)}
      </h2>
      <dl className={styles.fields}>
        <Field name={t(messages.from)}>{mail.from}</Field>
        <Field name={t(messages.to)}>{mail.to}</Field>
        <Field name={t(messages.date)}>
          {mail.date
            ? dateTime(mail.date)
            : t(messages.noDate, { received: dateTime(mail.received_at) })}
        </Field>
        <Field name={t(messages.envelope)}>
          {t(messages.envelopeValue, {
            from: mail.envelope_from ?? t(messages.nullSender),
            to: mail.envelope_to.join(', '),
          })}
        </Field>
      </dl>

      <section className={styles.section} aria-labelledby="caught-mail-headers">
        <h3 id="caught-mail-headers" className={styles.sectionTitle}>
          {t(messages.headersTitle)}
        </h3>
        <dl className={styles.fields} data-testid="caught-mail-headers">
          {HEADERS.map(([key, name]) => {
            const value = mail.headers[key];
            return (
              <Field key={key} name={name}>
                {value === undefined ? (
                  <span className={styles.absent}>{t(messages.absent)}</span>
                ) : key === 'list_unsubscribe' && unsubscribe.length > 0 ? (
                  <span className={styles.code}>
                    {unsubscribe.map((url, index) => (
                      <span key={url}>
                        {index > 0 ? ', ' : null}
                        <a href={url} target="_blank" rel="noopener noreferrer">
                          {url}
                        </a>
                      </span>
                    ))}
                  </span>
                ) : (
                  <span className={styles.code}>{value}</span>
                )}
              </Field>
            );
          })}
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="caught-mail-html">
        <h3 id="caught-mail-html" className={styles.sectionTitle}>
          {t(messages.htmlTitle)}
        </h3>
        {mail.html === null ? (
          <p className={styles.muted}>{t(messages.noHtml)}</p>
        ) : (
          <>
            <p className={styles.muted}>{t(messages.htmlNote)}</p>
            <iframe
              className={styles.frame}
              title={t(messages.htmlFrame)}
              sandbox={MAIL_FRAME_SANDBOX}
              srcDoc={mailDocument(mail.html)}
              referrerPolicy="no-referrer"
              data-testid="caught-mail-html"
            />
          </>
        )}
      </section>

      <section className={styles.section} aria-labelledby="caught-mail-text">
        <h3 id="caught-mail-text" className={styles.sectionTitle}>
          {t(messages.textTitle)}
        </h3>
        {mail.text === '' ? (
          <p className={styles.muted}>{t(messages.noText)}</p>
        ) : (
          <pre className={styles.pre} data-testid="caught-mail-text">
            {mail.text}
          </pre>
        )}
      </section>

      <details className={styles.section}>
        <summary className={styles.summary}>{t(messages.sourceTitle, { size: mail.size })}</summary>
        <pre className={styles.pre}>{mail.raw}</pre>
      </details>
    </article>
  );
}

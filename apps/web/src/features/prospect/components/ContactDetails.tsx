import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Prospect } from '@prospecta/api-client';
import { messages } from '../messages';
import { titleMessages } from '../statusLabels';
import * as styles from './ProspectDetail.css';

/** Only http(s) addresses become links (a stored value is never turned into a javascript: URL). */
function safeHref(value: string): string | null {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function Value({
  value,
  href,
}: {
  value: string | null | undefined;
  href?: (value: string) => string | null;
}) {
  const intl = useIntl();
  const text = value?.trim();
  if (!text)
    return <span className={styles.muted}>{intl.formatMessage(messages.notProvided)}</span>;
  const link = href?.(text);
  if (!link) return <>{text}</>;
  const external = link.startsWith('http');
  return (
    <a href={link} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {text}
    </a>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const telHref = (value: string) => `tel:${value.replace(/[^\d+]/g, '')}`;
const mailHref = (value: string) => `mailto:${value}`;

/** Contact fields, company, address, website and reference (§2 Prospect detail modal). */
export function ContactDetails({
  prospect,
  showScore,
}: {
  prospect: Prospect;
  showScore: boolean;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <>
      <section className={styles.section} aria-labelledby="prospect-contact-title">
        <h3 id="prospect-contact-title" className={styles.sectionTitle}>
          {t(messages.sectionContact)}
        </h3>
        <dl className={styles.fields}>
          <Field label={t(messages.fieldTitle)}>{t(titleMessages[prospect.title])}</Field>
          <Field label={t(messages.fieldFirstName)}>
            <Value value={prospect.first_name} />
          </Field>
          <Field label={t(messages.fieldLastName)}>
            <Value value={prospect.last_name} />
          </Field>
          <Field label={t(messages.fieldPosition)}>
            <Value value={prospect.position} />
          </Field>
          <Field label={t(messages.fieldPhone)}>
            <Value value={prospect.phone} href={telHref} />
          </Field>
          <Field label={t(messages.fieldDirectLine)}>
            <Value value={prospect.direct_line} href={telHref} />
          </Field>
          <Field label={t(messages.fieldEmail)}>
            <Value value={prospect.email} href={mailHref} />
          </Field>
          <Field label={t(messages.fieldLinkedin)}>
            <Value value={prospect.linkedin} href={safeHref} />
          </Field>
          {showScore && (
            <Field label={t(messages.fieldScore)}>
              <Value value={prospect.score == null ? null : String(prospect.score)} />
            </Field>
          )}
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="prospect-company-title">
        <h3 id="prospect-company-title" className={styles.sectionTitle}>
          {t(messages.sectionCompany)}
        </h3>
        <dl className={styles.fields}>
          <Field label={t(messages.fieldCompany)}>
            <Value value={prospect.company.name} />
          </Field>
          <Field label={t(messages.fieldAddress)}>
            <Value value={prospect.company.address} />
          </Field>
          <Field label={t(messages.fieldWebsite)}>
            <Value value={prospect.company.website} href={safeHref} />
          </Field>
          <Field label={t(messages.fieldReference)}>
            <Value value={prospect.reference} />
          </Field>
          <Field label={t(messages.fieldCampaign)}>
            <Value value={prospect.campaign_name} />
          </Field>
        </dl>
      </section>
    </>
  );
}

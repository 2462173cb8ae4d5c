import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { OnboardingSubmission } from '@prospecta/api-client';
import { EmptyState } from '@prospecta/ui';
import { formatFileSize } from '@prospecta/ui';
import { useZurichDateTime } from '../../core/i18n/useDateFormat';
import { paths } from '../../core/paths';
import { messages } from './messages';
import { COMPANY_SIZES, type CompanySize } from './model';
import * as styles from './onboarding.css';
import { withElision } from '../../core/i18n';

export interface OnboardingAnswersProps {
  /** The customer's latest answers, or null. */
  submission: OnboardingSubmission | null;
  /** The customer's name (for the empty state). */
  name: string;
}

/** Staff viewing a customer: that customer's answers, read only (§2). */
export function OnboardingAnswers({ submission, name }: OnboardingAnswersProps) {
  const intl = useIntl();
  const formatDate = useZurichDateTime();
  // Staff read the answers here and fill or correct them on /onboarding, which works on the viewed customer.
  const fillLink = (
    <Link className={styles.link} to={paths.onboarding}>
      {intl.formatMessage(
        submission ? messages.editAnswersFor : messages.fillInFor,
        withElision(name),
      )}
    </Link>
  );
  if (!submission)
    return (
      <EmptyState title={intl.formatMessage(messages.noAnswers, { name })} action={fillLink} />
    );
  const { brief, audience, files } = submission;
  const orNone = (value: string) =>
    value.trim() ? value : intl.formatMessage(messages.notProvided);
  const sizeLabel = (size: CompanySize) => {
    if (size === 'freelancer') return intl.formatMessage(messages.sizeFreelancer);
    if (size === 'allCompanies') return intl.formatMessage(messages.sizeAll);
    if (size === '1000+') return intl.formatMessage(messages.sizeAbove);
    return intl.formatMessage(messages.sizeRange, { range: size.replace('-', '–') });
  };
  const rows: [string, string][] = [
    [intl.formatMessage(messages.nameOfCampaignType), brief.nameOfCampaignType],
    [
      intl.formatMessage(messages.campaignType),
      intl.formatMessage(
        brief.campaignType === 'product'
          ? messages.campaignTypeProduct
          : messages.campaignTypeService,
      ),
    ],
    [intl.formatMessage(messages.description), brief.description],
    [intl.formatMessage(messages.pricingModel), brief.pricingModel],
    [intl.formatMessage(messages.mainFeatures), brief.mainFeatures.map((f) => f.value).join('\n')],
    [intl.formatMessage(messages.dedicatedWebsite), orNone(brief.dedicatedWebsite)],
    [
      intl.formatMessage(messages.salesPresentation),
      files.length
        ? files.map((f) => `${f.name} (${formatFileSize(f.size, intl.locale)})`).join('\n')
        : intl.formatMessage(messages.noFiles),
    ],
    [intl.formatMessage(messages.additionalInformation), orNone(brief.additionalInformation)],
    [intl.formatMessage(messages.bestClientsDescription), audience.bestClientsDescription],
    [intl.formatMessage(messages.targetIndustries), audience.targetIndustries],
    [intl.formatMessage(messages.excludeIndustries), audience.excludeIndustries],
    [intl.formatMessage(messages.geographicArea), audience.geographicArea],
    [
      intl.formatMessage(messages.companySizes),
      COMPANY_SIZES.filter((s) => audience.companySizes[s])
        .map(sizeLabel)
        .join('\n'),
    ],
    [intl.formatMessage(messages.typesOfPeople), audience.typesOfPeople],
    [
      intl.formatMessage(messages.providedWebsites),
      audience.providedWebsites.map((w) => w.value).join('\n'),
    ],
    [
      intl.formatMessage(messages.additionalInformationAudience),
      orNone(audience.additionalInformationAudience),
    ],
  ];
  return (
    <section
      className={styles.questionnaire}
      aria-label={intl.formatMessage(messages.answersTitle)}
      data-testid="onboarding-answers"
    >
      <h2 className={styles.stepTitle}>{intl.formatMessage(messages.answersTitle)}</h2>
      <p className={styles.saved}>
        {intl.formatMessage(messages.savedOn, { date: formatDate(submission.submitted_at) })}
      </p>
      <p className={styles.muted}>{fillLink}</p>
      <dl className={styles.answers}>
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.definition}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import type { FormikProps } from 'formik';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Button, Checkbox } from '@prospecta/ui';
import { messages } from '../messages';
import { COMPANY_SIZES, INITIAL_WEBSITES, type AudienceValues, type CompanySize } from '../model';
import * as styles from '../onboarding.css';
import { ListField } from './ListField';
import { QuestionnaireTextField } from './QuestionnaireTextField';
import type { FieldError } from './useFieldError';

export interface AudienceStepProps {
  form: FormikProps<AudienceValues>;
  error: FieldError;
  /** The questionnaire was submitted once: its errors show. */
  attempted: boolean;
  /** How many uploads of step 1 are running or failed (the questionnaire waits for none). */
  pendingUploads: number;
  /** Why the last submission failed (null: it did not). */
  failure: MessageDescriptor | null;
  saving: boolean;
  onBack: () => void;
  /** The step is submitted: both steps are checked and sent together. */
  onSubmit: () => void;
}

/** Step 2: the audience the campaign targets, and the questionnaire's submission. */
export function AudienceStep({
  form,
  error,
  attempted,
  pendingUploads,
  failure,
  saving,
  onBack,
  onSubmit,
}: AudienceStepProps) {
  const intl = useIntl();
  const field = { formik: form, error };
  const sizeLabel = (size: CompanySize) => {
    if (size === 'freelancer') return intl.formatMessage(messages.sizeFreelancer);
    if (size === 'allCompanies') return intl.formatMessage(messages.sizeAll);
    if (size === '1000+') return intl.formatMessage(messages.sizeAbove);
    return intl.formatMessage(messages.sizeRange, { range: size.replace('-', '–') });
  };
  const sizeError = error('companySizes.allCompanies');
  return (
    <form
      className={styles.step}
      noValidate
      aria-label={intl.formatMessage(messages.audienceTitle)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 className={styles.stepTitle}>{intl.formatMessage(messages.audienceTitle)}</h2>
      <QuestionnaireTextField
        {...field}
        name="bestClientsDescription"
        label={intl.formatMessage(messages.bestClientsDescription)}
        required
        multiline
      />
      <QuestionnaireTextField
        {...field}
        name="targetIndustries"
        label={intl.formatMessage(messages.targetIndustries)}
        required
      />
      <QuestionnaireTextField
        {...field}
        name="excludeIndustries"
        label={intl.formatMessage(messages.excludeIndustries)}
        required
      />
      <QuestionnaireTextField
        {...field}
        name="geographicArea"
        label={intl.formatMessage(messages.geographicArea)}
        required
      />
      <fieldset
        className={styles.fieldset}
        aria-describedby={sizeError ? 'company-sizes-error' : undefined}
      >
        <legend className={styles.legend}>{intl.formatMessage(messages.companySizes)}</legend>
        <div className={styles.sizes}>
          {COMPANY_SIZES.map((size) => (
            <Checkbox
              key={size}
              name={`companySizes.${size}`}
              label={sizeLabel(size)}
              checked={form.values.companySizes[size]}
              onCheckedChange={(checked) =>
                void form.setFieldValue(`companySizes.${size}`, checked)
              }
              {...(size === 'allCompanies' && sizeError
                ? { error: sizeError, id: 'company-sizes-all' }
                : {})}
            />
          ))}
        </div>
      </fieldset>
      <QuestionnaireTextField
        {...field}
        name="typesOfPeople"
        label={intl.formatMessage(messages.typesOfPeople)}
        required
      />
      <ListField
        {...field}
        name="providedWebsites"
        items={form.values.providedWebsites}
        fixed={INITIAL_WEBSITES}
        labels={{
          item: messages.websiteLabel,
          add: messages.addWebsite,
          remove: messages.removeWebsite,
          legend: messages.providedWebsites,
        }}
      />
      <QuestionnaireTextField
        {...field}
        name="additionalInformationAudience"
        label={intl.formatMessage(messages.additionalInformationAudience)}
        multiline
      />
      {attempted && Object.keys(form.errors).length > 0 ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.fixErrors)}
        </p>
      ) : null}
      {attempted && pendingUploads > 0 ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.uploadsPending)}
        </p>
      ) : null}
      {failure ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(failure)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          {intl.formatMessage(messages.back)}
        </Button>
        <Button type="submit" loading={saving}>
          {intl.formatMessage(messages.submit)}
        </Button>
      </div>
    </form>
  );
}

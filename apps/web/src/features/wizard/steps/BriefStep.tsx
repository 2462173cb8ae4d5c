import { useFormik } from 'formik';
import { useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod/mini';
import type { BuilderBrief } from '@prospecta/api-client';
import { COMPANY_SIZES } from '@prospecta/domain';
import { Checkbox, TextArea, TextField } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../../core/forms';
import { useBuilder } from '../builderContext';
import { messages } from '../messages';
import { useSaveDefinition } from '../useSaveDefinition';
import { StepActions } from './StepActions';
import * as styles from '../wizard.css';

const MAX_FEATURES = 50;
const text = (max: number) => z.string().check(z.maxLength(max, { error: messages.tooLong.id }));

export const briefSchema = z.object({
  offer_type: z.enum(['product', 'service']),
  offer_name: text(200),
  description: text(5000),
  pricing: text(2000),
  /** One feature a line. */
  features: z.string().check(
    z.refine(
      (value) => {
        const lines = featureLines(value);
        return lines.length <= MAX_FEATURES && lines.every((line) => line.length <= 500);
      },
      { error: messages.tooManyFeatures.id },
    ),
  ),
  audience: text(5000),
  industries: text(2000),
  company_sizes: z.array(z.enum(COMPANY_SIZES)),
  people: text(2000),
  website: text(500),
  additional_information: text(5000),
});
export type BriefValues = z.infer<typeof briefSchema>;

function featureLines(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function briefValues(brief: BuilderBrief): BriefValues {
  return { ...brief, features: brief.features.join('\n') };
}

export function briefOf(values: BriefValues): BuilderBrief {
  return {
    ...values,
    features: featureLines(values.features),
    company_sizes: COMPANY_SIZES.filter((size) => values.company_sizes.includes(size)),
  };
}

function sizeLabel(intl: IntlShape, size: (typeof COMPANY_SIZES)[number]): string {
  switch (size) {
    case 'freelancer':
      return intl.formatMessage(messages.sizeFreelancer);
    case '1000+':
      return intl.formatMessage(messages.sizeAbove);
    case 'allCompanies':
      return intl.formatMessage(messages.sizeAll);
    default:
      return intl.formatMessage(messages.sizeRange, { range: size });
  }
}

type TextName = Exclude<keyof BriefValues, 'offer_type' | 'company_sizes'>;

/** Step 2: the campaign's brief, pre-filled from the customer's onboarding answers when the draft was made. */
export function BriefStep({ onDone, readOnly }: { onDone: () => void; readOnly: boolean }) {
  const intl = useIntl();
  const { definition } = useBuilder();
  const { save, failure, saving } = useSaveDefinition();
  const formik = useFormik<BriefValues>({
    initialValues: briefValues(definition.brief),
    validate: zodValidate(briefSchema),
    onSubmit: async (values) => {
      if (readOnly) return onDone();
      if (await save({ brief: briefOf(values) })) onDone();
    },
  });
  const error = (name: TextName) => {
    if (
      formik.errors[name] === messages.tooManyFeatures.id &&
      (formik.touched[name] || formik.submitCount > 0)
    )
      return intl.formatMessage(messages.tooManyFeatures, { max: MAX_FEATURES });
    return fieldError(intl, formik, name, [messages.tooLong]);
  };
  const area = (name: TextName, label: string, hint?: string) => (
    <TextArea
      label={label}
      {...(hint ? { hint } : {})}
      rows={3}
      {...formik.getFieldProps(name)}
      error={error(name)}
    />
  );
  const title = intl.formatMessage(messages.campaignBrief);
  return (
    <form className={styles.form} noValidate onSubmit={formik.handleSubmit} aria-label={title}>
      <p className={styles.muted}>{intl.formatMessage(messages.briefIntro)}</p>
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{intl.formatMessage(messages.offerType)}</legend>
          <div className={styles.radios}>
            {(['product', 'service'] as const).map((type) => (
              <label key={type} className={styles.radio}>
                <input
                  type="radio"
                  name="offer_type"
                  value={type}
                  checked={formik.values.offer_type === type}
                  onChange={() => void formik.setFieldValue('offer_type', type)}
                />
                {intl.formatMessage(
                  type === 'product' ? messages.offerProduct : messages.offerService,
                )}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={intl.formatMessage(messages.offerName)}
          placeholder={intl.formatMessage(messages.offerNamePlaceholder)}
          {...formik.getFieldProps('offer_name')}
          error={error('offer_name')}
        />
        {area('description', intl.formatMessage(messages.description))}
        {area('pricing', intl.formatMessage(messages.pricing))}
        {area(
          'features',
          intl.formatMessage(messages.features),
          intl.formatMessage(messages.featuresHint),
        )}
        {area('audience', intl.formatMessage(messages.audience))}
        {area('industries', intl.formatMessage(messages.industries))}
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{intl.formatMessage(messages.companySizes)}</legend>
          <div className={styles.choices}>
            {COMPANY_SIZES.map((size) => (
              <Checkbox
                key={size}
                label={sizeLabel(intl, size)}
                checked={formik.values.company_sizes.includes(size)}
                disabled={readOnly}
                onCheckedChange={(on) =>
                  void formik.setFieldValue(
                    'company_sizes',
                    on
                      ? [...formik.values.company_sizes, size]
                      : formik.values.company_sizes.filter((s) => s !== size),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
        {area('people', intl.formatMessage(messages.people))}
        <TextField
          type="url"
          label={intl.formatMessage(messages.website)}
          placeholder={intl.formatMessage(messages.websitePlaceholder)}
          {...formik.getFieldProps('website')}
          error={error('website')}
        />
        {area('additional_information', intl.formatMessage(messages.additionalInformation))}
      </fieldset>
      <StepActions
        failure={failure}
        invalid={formik.submitCount > 0 && !formik.isValid}
        saving={saving}
        readOnly={readOnly}
      />
    </form>
  );
}

import type { FormikProps } from 'formik';
import { useIntl } from 'react-intl';
import { Button } from '@prospecta/ui';
import { messages } from '../messages';
import { INITIAL_FEATURES, type BriefValues } from '../model';
import * as styles from '../onboarding.css';
import { SalesPresentationField } from '../SalesPresentationField';
import { ListField } from './ListField';
import { QuestionnaireTextField } from './QuestionnaireTextField';
import type { FieldError } from './useFieldError';

export interface BriefStepProps {
  userId: number;
  form: FormikProps<BriefValues>;
  error: FieldError;
  /** The step was submitted once: its errors show. */
  attempted: boolean;
  /** How many uploads of the sales presentation are running or failed. */
  onPendingUploadsChange: (count: number) => void;
  /** The step is submitted: on to the audience when it is valid. */
  onNext: () => void;
}

/** Step 1: the product or service the campaign sells, with its sales presentation (uploads). */
export function BriefStep({
  userId,
  form,
  error,
  attempted,
  onPendingUploadsChange,
  onNext,
}: BriefStepProps) {
  const intl = useIntl();
  const field = { formik: form, error };
  return (
    <form
      className={styles.step}
      noValidate
      aria-label={intl.formatMessage(messages.briefTitle)}
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <h2 className={styles.stepTitle}>{intl.formatMessage(messages.briefTitle)}</h2>
      <QuestionnaireTextField
        {...field}
        name="nameOfCampaignType"
        label={intl.formatMessage(messages.nameOfCampaignType)}
        required
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{intl.formatMessage(messages.campaignType)}</legend>
        <div className={styles.radios}>
          {(['product', 'service'] as const).map((type) => (
            <label key={type} className={styles.radio}>
              <input
                type="radio"
                name="campaignType"
                value={type}
                checked={form.values.campaignType === type}
                onChange={() => void form.setFieldValue('campaignType', type)}
              />
              {intl.formatMessage(
                type === 'product' ? messages.campaignTypeProduct : messages.campaignTypeService,
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <QuestionnaireTextField
        {...field}
        name="description"
        label={intl.formatMessage(messages.description)}
        required
        multiline
      />
      <QuestionnaireTextField
        {...field}
        name="pricingModel"
        label={intl.formatMessage(messages.pricingModel)}
        required
      />
      <ListField
        {...field}
        name="mainFeatures"
        items={form.values.mainFeatures}
        fixed={INITIAL_FEATURES}
        labels={{
          item: messages.featureLabel,
          add: messages.addFeature,
          remove: messages.removeFeature,
          legend: messages.mainFeatures,
        }}
      />
      <QuestionnaireTextField
        {...field}
        name="dedicatedWebsite"
        label={intl.formatMessage(messages.dedicatedWebsite)}
        type="url"
      />
      <SalesPresentationField
        userId={userId}
        files={form.values.salesPresentation}
        onFilesChange={(files) => void form.setFieldValue('salesPresentation', files)}
        onPendingChange={onPendingUploadsChange}
      />
      <QuestionnaireTextField
        {...field}
        name="additionalInformation"
        label={intl.formatMessage(messages.additionalInformation)}
        multiline
      />
      {attempted && Object.keys(form.errors).length > 0 ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.fixErrors)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit">{intl.formatMessage(messages.next)}</Button>
      </div>
    </form>
  );
}

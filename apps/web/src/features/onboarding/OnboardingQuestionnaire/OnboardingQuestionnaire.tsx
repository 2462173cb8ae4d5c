import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getIn, useFormik, type FormikProps } from 'formik';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Plus, Trash2 } from 'lucide-react';
import { submitOnboardingMutationOptions, type OnboardingSubmission } from '@prospecta/api-client';
import { Button, Checkbox, IconButton, Tabs, TextArea, TextField, toast } from '@prospecta/ui';
import { translateFormError, zodValidate } from '../../../core/forms';
import { useApiClients, usePreferences } from '../../../core/hooks';
import { useZurichDateTime } from '../../../core/i18n/useDateFormat';
import { MeetingsWidget, type MeetingsWidgetProps } from '../MeetingsWidget';
import { messages } from '../messages';
import {
  audienceSchema,
  briefSchema,
  COMPANY_SIZES,
  draftKeys,
  emptyAudience,
  emptyBrief,
  INITIAL_FEATURES,
  INITIAL_WEBSITES,
  parseAudienceDraft,
  parseBriefDraft,
  toRequest,
  valuesOf,
  type AudienceValues,
  type BriefValues,
  type CompanySize,
} from '../model';
import { SalesPresentationField } from '../SalesPresentationField';
import * as styles from '../onboarding.css';

export type QuestionnaireTab = 'brief' | 'audience' | 'last-step';

export interface OnboardingQuestionnaireProps {
  /** The user the answers are for. */
  userId: number;
  /** The latest stored answers (null: never submitted). */
  submission: OnboardingSubmission | null;
  /** The tab shown first (stories). */
  initialTab?: QuestionnaireTab;
  /** Options of the meetings widget (stories). */
  widget?: MeetingsWidgetProps;
}

/** The error of a field, once touched or once the step was submitted. Errors are kept flat ("mainFeatures.0.value"). */
function useFieldError<T>(intl: IntlShape, formik: FormikProps<T>, attempted: boolean) {
  return (name: string): string | undefined => {
    const error = (formik.errors as Record<string, unknown>)[name];
    if (typeof error !== 'string') return undefined;
    if (!attempted && !getIn(formik.touched, name)) return undefined;
    return translateFormError(intl, error);
  };
}

/** §2 onboarding questionnaire: product/service, target audience, last step. Both steps are kept as drafts while typed. */
export function OnboardingQuestionnaire({
  userId,
  submission,
  initialTab = 'brief',
  widget,
}: OnboardingQuestionnaireProps) {
  const intl = useIntl();
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const preferences = usePreferences();
  const formatDate = useZurichDateTime();
  const keys = draftKeys(userId);
  const stored = submission ? valuesOf(submission) : null;

  const [tab, setTab] = useState<QuestionnaireTab>(initialTab);
  const [briefAttempted, setBriefAttempted] = useState(false);
  const [audienceAttempted, setAudienceAttempted] = useState(false);
  const [pendingUploads, setPendingUploads] = useState(0);
  const [failure, setFailure] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(submission?.submitted_at ?? null);
  const mutation = useMutation(submitOnboardingMutationOptions(clients, queryClient));

  const brief = useFormik<BriefValues>({
    initialValues:
      preferences.getCustom(keys.brief, parseBriefDraft) ?? stored?.brief ?? emptyBrief(),
    validate: zodValidate(briefSchema),
    onSubmit: () => undefined,
  });
  const audience = useFormik<AudienceValues>({
    initialValues:
      preferences.getCustom(keys.audience, parseAudienceDraft) ??
      stored?.audience ??
      emptyAudience(),
    validate: zodValidate(audienceSchema),
    onSubmit: () => undefined,
  });

  // Each step is written to browser storage as the user types: a reload or a closed tab loses nothing.
  useEffect(() => {
    if (brief.dirty) preferences.setCustom(keys.brief, brief.values);
  }, [brief.values, brief.dirty, keys.brief, preferences]);
  useEffect(() => {
    if (audience.dirty) preferences.setCustom(keys.audience, audience.values);
  }, [audience.values, audience.dirty, keys.audience, preferences]);

  const briefError = useFieldError(intl, brief, briefAttempted);
  const audienceError = useFieldError(intl, audience, audienceAttempted);

  const goToAudience = async () => {
    setBriefAttempted(true);
    const errors = await brief.validateForm();
    if (Object.keys(errors).length === 0) setTab('audience');
  };

  const submit = async () => {
    setBriefAttempted(true);
    setAudienceAttempted(true);
    setFailure(false);
    const [briefErrors, audienceErrors] = await Promise.all([
      brief.validateForm(),
      audience.validateForm(),
    ]);
    if (Object.keys(briefErrors).length > 0) {
      setTab('brief');
      return;
    }
    if (Object.keys(audienceErrors).length > 0 || pendingUploads > 0) return;
    try {
      const saved = await mutation.mutateAsync({
        userId,
        ...toRequest(brief.values, audience.values),
      });
      preferences.removeCustom(keys.brief);
      preferences.removeCustom(keys.audience);
      const values = valuesOf(saved);
      brief.resetForm({ values: values.brief });
      audience.resetForm({ values: values.audience });
      setSavedAt(saved.submitted_at);
      toast.success(intl.formatMessage(messages.saved));
    } catch {
      // Everything typed stays in the form (and in the drafts).
      setFailure(true);
      toast.error(intl.formatMessage(messages.saveFailed));
    }
  };

  const listField = (
    formik: FormikProps<BriefValues> | FormikProps<AudienceValues>,
    name: 'mainFeatures' | 'providedWebsites',
    items: { value: string }[],
    fixed: number,
    labels: {
      item: MessageDescriptor;
      add: MessageDescriptor;
      remove: MessageDescriptor;
      legend: MessageDescriptor;
    },
    error: (name: string) => string | undefined,
  ) => (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{intl.formatMessage(labels.legend)}</legend>
      {items.map((item, index) => {
        const field = `${name}.${index}.value`;
        return (
          <div key={index} className={styles.listRow}>
            <TextField
              className={styles.grow}
              label={intl.formatMessage(labels.item, { number: index + 1 })}
              name={field}
              value={item.value}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              required
              error={error(field)}
            />
            {index >= fixed ? (
              <IconButton
                className={styles.removeButton}
                variant="danger"
                icon={<Trash2 size={16} />}
                label={intl.formatMessage(labels.remove, { number: index + 1 })}
                onClick={() =>
                  void formik.setFieldValue(
                    name,
                    items.filter((_, i) => i !== index),
                  )
                }
              />
            ) : null}
          </div>
        );
      })}
      <div>
        <Button
          variant="secondary"
          size="small"
          icon={<Plus size={16} />}
          onClick={() => void formik.setFieldValue(name, [...items, { value: '' }])}
        >
          {intl.formatMessage(labels.add)}
        </Button>
      </div>
    </fieldset>
  );

  const text = (
    formik: FormikProps<BriefValues> | FormikProps<AudienceValues>,
    error: (name: string) => string | undefined,
    name: string,
    label: string,
    options: { required?: boolean; multiline?: boolean; type?: 'url' } = {},
  ) => {
    const props = {
      label,
      name,
      value: String(getIn(formik.values, name) ?? ''),
      onChange: formik.handleChange,
      onBlur: formik.handleBlur,
      required: options.required,
      error: error(name),
    };
    return options.multiline ? (
      <TextArea rows={4} {...props} />
    ) : (
      <TextField type={options.type} {...props} />
    );
  };

  const briefStep = (
    <form
      className={styles.step}
      noValidate
      aria-label={intl.formatMessage(messages.briefTitle)}
      onSubmit={(event) => {
        event.preventDefault();
        void goToAudience();
      }}
    >
      <h2 className={styles.stepTitle}>{intl.formatMessage(messages.briefTitle)}</h2>
      {text(
        brief,
        briefError,
        'nameOfCampaignType',
        intl.formatMessage(messages.nameOfCampaignType),
        { required: true },
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{intl.formatMessage(messages.campaignType)}</legend>
        <div className={styles.radios}>
          {(['product', 'service'] as const).map((type) => (
            <label key={type} className={styles.radio}>
              <input
                type="radio"
                name="campaignType"
                value={type}
                checked={brief.values.campaignType === type}
                onChange={() => void brief.setFieldValue('campaignType', type)}
              />
              {intl.formatMessage(
                type === 'product' ? messages.campaignTypeProduct : messages.campaignTypeService,
              )}
            </label>
          ))}
        </div>
      </fieldset>
      {text(brief, briefError, 'description', intl.formatMessage(messages.description), {
        required: true,
        multiline: true,
      })}
      {text(brief, briefError, 'pricingModel', intl.formatMessage(messages.pricingModel), {
        required: true,
      })}
      {listField(
        brief,
        'mainFeatures',
        brief.values.mainFeatures,
        INITIAL_FEATURES,
        {
          item: messages.featureLabel,
          add: messages.addFeature,
          remove: messages.removeFeature,
          legend: messages.mainFeatures,
        },
        briefError,
      )}
      {text(brief, briefError, 'dedicatedWebsite', intl.formatMessage(messages.dedicatedWebsite), {
        type: 'url',
      })}
      <SalesPresentationField
        userId={userId}
        files={brief.values.salesPresentation}
        onFilesChange={(files) => void brief.setFieldValue('salesPresentation', files)}
        onPendingChange={setPendingUploads}
      />
      {text(
        brief,
        briefError,
        'additionalInformation',
        intl.formatMessage(messages.additionalInformation),
        { multiline: true },
      )}
      {briefAttempted && Object.keys(brief.errors).length > 0 ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.fixErrors)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit">{intl.formatMessage(messages.next)}</Button>
      </div>
    </form>
  );

  const sizeLabel = (size: CompanySize) => {
    if (size === 'freelancer') return intl.formatMessage(messages.sizeFreelancer);
    if (size === 'allCompanies') return intl.formatMessage(messages.sizeAll);
    if (size === '1000+') return intl.formatMessage(messages.sizeAbove);
    return intl.formatMessage(messages.sizeRange, { range: size.replace('-', '–') });
  };
  const sizeError = audienceError('companySizes.allCompanies');

  const audienceStep = (
    <form
      className={styles.step}
      noValidate
      aria-label={intl.formatMessage(messages.audienceTitle)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className={styles.stepTitle}>{intl.formatMessage(messages.audienceTitle)}</h2>
      {text(
        audience,
        audienceError,
        'bestClientsDescription',
        intl.formatMessage(messages.bestClientsDescription),
        { required: true, multiline: true },
      )}
      {text(
        audience,
        audienceError,
        'targetIndustries',
        intl.formatMessage(messages.targetIndustries),
        { required: true },
      )}
      {text(
        audience,
        audienceError,
        'excludeIndustries',
        intl.formatMessage(messages.excludeIndustries),
        { required: true },
      )}
      {text(
        audience,
        audienceError,
        'geographicArea',
        intl.formatMessage(messages.geographicArea),
        { required: true },
      )}
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
              checked={audience.values.companySizes[size]}
              onCheckedChange={(checked) =>
                void audience.setFieldValue(`companySizes.${size}`, checked)
              }
              {...(size === 'allCompanies' && sizeError
                ? { error: sizeError, id: 'company-sizes-all' }
                : {})}
            />
          ))}
        </div>
      </fieldset>
      {text(audience, audienceError, 'typesOfPeople', intl.formatMessage(messages.typesOfPeople), {
        required: true,
      })}
      {listField(
        audience,
        'providedWebsites',
        audience.values.providedWebsites,
        INITIAL_WEBSITES,
        {
          item: messages.websiteLabel,
          add: messages.addWebsite,
          remove: messages.removeWebsite,
          legend: messages.providedWebsites,
        },
        audienceError,
      )}
      {text(
        audience,
        audienceError,
        'additionalInformationAudience',
        intl.formatMessage(messages.additionalInformationAudience),
        { multiline: true },
      )}
      {audienceAttempted && Object.keys(audience.errors).length > 0 ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.fixErrors)}
        </p>
      ) : null}
      {audienceAttempted && pendingUploads > 0 ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.uploadsPending)}
        </p>
      ) : null}
      {failure ? (
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.saveFailed)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setTab('brief')}>
          {intl.formatMessage(messages.back)}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {intl.formatMessage(messages.submit)}
        </Button>
      </div>
    </form>
  );

  const lastStep = (
    <section className={styles.step} aria-label={intl.formatMessage(messages.lastStepTitle)}>
      <h2 className={styles.stepTitle}>{intl.formatMessage(messages.lastStepTitle)}</h2>
      <p className={styles.muted}>{intl.formatMessage(messages.lastStepIntro)}</p>
      <MeetingsWidget {...widget} />
    </section>
  );

  return (
    <div className={styles.questionnaire}>
      {savedAt ? (
        <p className={styles.saved} role="status">
          {intl.formatMessage(messages.savedOn, { date: formatDate(savedAt) })}
        </p>
      ) : (
        <p className={styles.muted}>{intl.formatMessage(messages.draftKept)}</p>
      )}
      <Tabs
        label={intl.formatMessage(messages.tabs)}
        value={tab}
        onValueChange={(value) => setTab(value as QuestionnaireTab)}
        items={[
          { value: 'brief', label: intl.formatMessage(messages.tabBrief), content: briefStep },
          {
            value: 'audience',
            label: intl.formatMessage(messages.tabAudience),
            content: audienceStep,
          },
          {
            value: 'last-step',
            label: intl.formatMessage(messages.tabLastStep),
            content: lastStep,
          },
        ]}
      />
    </div>
  );
}

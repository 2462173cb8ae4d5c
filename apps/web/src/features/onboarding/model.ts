// zod/mini, like the other forms: our error texts are message ids.
import { z } from 'zod/mini';
import type {
  Audience,
  CampaignBrief,
  OnboardingSubmission,
  UploadedFile,
} from '@prospecta/api-client';
import { formMessages } from '../../core/messages';

/** §9: the questionnaire starts with 4 feature inputs and 3 website examples; the first ones cannot be removed. */
export const INITIAL_FEATURES = 4;
export const INITIAL_WEBSITES = 3;

/** The company size flags of §3, in display order (allCompanies carries the "at least one" error). */
export const COMPANY_SIZES = [
  'freelancer',
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1000+',
  'allCompanies',
] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** The brief as the form keeps it: the uploaded files themselves (name, size), not only their ids. */
export type BriefValues = Omit<CampaignBrief, 'salesPresentation'> & {
  salesPresentation: UploadedFile[];
};
export type AudienceValues = Audience;

export function emptyBrief(): BriefValues {
  return {
    nameOfCampaignType: '',
    campaignType: 'product',
    description: '',
    pricingModel: '',
    mainFeatures: Array.from({ length: INITIAL_FEATURES }, () => ({ value: '' })),
    dedicatedWebsite: '',
    salesPresentation: [],
    additionalInformation: '',
  };
}

export function emptyAudience(): AudienceValues {
  return {
    bestClientsDescription: '',
    targetIndustries: '',
    excludeIndustries: '',
    geographicArea: '',
    companySizes: Object.fromEntries(
      COMPANY_SIZES.map((size) => [size, false]),
    ) as Audience['companySizes'],
    typesOfPeople: '',
    providedWebsites: Array.from({ length: INITIAL_WEBSITES }, () => ({ value: '' })),
    additionalInformationAudience: '',
  };
}

/** The form values of a stored submission. */
export function valuesOf(submission: OnboardingSubmission): {
  brief: BriefValues;
  audience: AudienceValues;
} {
  return {
    brief: { ...submission.brief, salesPresentation: submission.files },
    audience: submission.audience,
  };
}

/** The request body of the submit call. */
export function toRequest(
  brief: BriefValues,
  audience: AudienceValues,
): { brief: CampaignBrief; audience: Audience } {
  const trim = (items: { value: string }[]) => items.map((item) => ({ value: item.value.trim() }));
  return {
    brief: {
      ...brief,
      mainFeatures: trim(brief.mainFeatures),
      salesPresentation: brief.salesPresentation.map((file) => file.id),
    },
    audience: { ...audience, providedWebsites: trim(audience.providedWebsites) },
  };
}

const required = formMessages.required.id;
const requiredText = z
  .string({ error: required })
  .check(z.trim(), z.minLength(1, { error: required }));
const optionalText = z.string();
const items = (min: number) =>
  z.array(z.object({ value: requiredText })).check(z.minLength(min, { error: required }));

const uploadedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  content_type: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']),
});

/** §5 campaign brief: name, description and pricing model required; each main feature needs a value. */
export const briefSchema = z.object({
  nameOfCampaignType: requiredText,
  campaignType: z.enum(['product', 'service']),
  description: requiredText,
  pricingModel: requiredText,
  mainFeatures: items(INITIAL_FEATURES),
  dedicatedWebsite: optionalText,
  salesPresentation: z.array(uploadedFile),
  additionalInformation: optionalText,
});

/** §5 audience: five texts required, every website needs a value, at least one company size (error on allCompanies). */
export const audienceSchema = z.object({
  bestClientsDescription: requiredText,
  targetIndustries: requiredText,
  excludeIndustries: requiredText,
  geographicArea: requiredText,
  companySizes: z
    .object(
      Object.fromEntries(COMPANY_SIZES.map((size) => [size, z.boolean()])) as Record<
        CompanySize,
        z.ZodMiniBoolean
      >,
    )
    .check(
      z.refine((sizes) => Object.values(sizes).some(Boolean), {
        error: formMessages.selectAtLeastOne.id,
        path: ['allCompanies'],
      }),
    ),
  typesOfPeople: requiredText,
  providedWebsites: items(INITIAL_WEBSITES),
  additionalInformationAudience: optionalText,
});

/** A stored draft, if it still has the shape of the form (drafts written by an older version are dropped). */
export function parseBriefDraft(value: unknown): BriefValues | null {
  const result = briefSchema.safeParse(value);
  if (result.success) return result.data as BriefValues;
  // An incomplete draft is still a draft: keep it when its shape is right even if rules fail.
  return looseShape(value, emptyBrief()) as BriefValues | null;
}

export function parseAudienceDraft(value: unknown): AudienceValues | null {
  const result = audienceSchema.safeParse(value);
  if (result.success) return result.data as AudienceValues;
  return looseShape(value, emptyAudience()) as AudienceValues | null;
}

/** Same keys and value kinds as the template (arrays of {value} / files, strings, boolean maps). */
function looseShape(value: unknown, template: object): object | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  for (const [key, sample] of Object.entries(template)) {
    const current = record[key];
    if (typeof sample === 'string' && typeof current !== 'string') return null;
    if (Array.isArray(sample)) {
      if (!Array.isArray(current)) return null;
      if (key === 'salesPresentation') {
        if (!current.every((file) => uploadedFile.safeParse(file).success)) return null;
      } else if (
        !current.every(
          (item) =>
            item &&
            typeof item === 'object' &&
            typeof (item as { value?: unknown }).value === 'string',
        )
      )
        return null;
    }
    if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
      if (!current || typeof current !== 'object') return null;
      if (
        !Object.keys(sample).every(
          (k) => typeof (current as Record<string, unknown>)[k] === 'boolean',
        )
      )
        return null;
    }
  }
  if (key(template) === 'brief' && !['product', 'service'].includes(String(record.campaignType)))
    return null;
  return Object.fromEntries(Object.keys(template).map((k) => [k, record[k]]));
}
const key = (template: object) => ('nameOfCampaignType' in template ? 'brief' : 'audience');

/** Browser-storage keys of the two drafts (one per step and per user), under the preferences' prefix. */
export const draftKeys = (userId: number) => ({
  brief: `onboarding.${userId}.brief`,
  audience: `onboarding.${userId}.audience`,
});

import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useIntl, type MessageDescriptor } from 'react-intl';
import {
  ApiError,
  submitOnboardingMutationOptions,
  type OnboardingSubmission,
} from '@prospecta/api-client';
import type { OnboardingErrorCode } from '@prospecta/domain/contract';
import { toast } from '@prospecta/ui';
import { zodValidate } from '../../../core/forms';
import { useApiClients, usePreferences } from '../../../core/hooks';
import { messages } from '../messages';
import {
  audienceSchema,
  briefSchema,
  draftKeys,
  emptyAudience,
  emptyBrief,
  parseAudienceDraft,
  parseBriefDraft,
  toRequest,
  valuesOf,
  type AudienceValues,
  type BriefValues,
} from '../model';
import { useFieldError } from './useFieldError';

export type QuestionnaireTab = 'brief' | 'audience' | 'last-step';

/**
 * The questionnaire's state: the tab shown, the two steps' forms (pre-filled from the drafts kept in browser storage,
 * else from the stored answers), their drafts written as the user types, and the submission of both steps at once.
 */
export function useQuestionnaire(
  userId: number,
  submission: OnboardingSubmission | null,
  initialTab: QuestionnaireTab,
) {
  const intl = useIntl();
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const preferences = usePreferences();
  const keys = draftKeys(userId);
  const stored = submission ? valuesOf(submission) : null;

  const [tab, setTab] = useState<QuestionnaireTab>(initialTab);
  const [briefAttempted, setBriefAttempted] = useState(false);
  const [audienceAttempted, setAudienceAttempted] = useState(false);
  const [pendingUploads, setPendingUploads] = useState(0);
  const [failure, setFailure] = useState<MessageDescriptor | null>(null);
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
    setFailure(null);
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
      // The answers are in: what remains is the last step (booking the kick-off call).
      setTab('last-step');
    } catch (cause) {
      // Everything typed stays in the form (and in the drafts).
      const code =
        cause instanceof ApiError ? (cause.body as { code?: unknown } | null)?.code : null;
      const customerRequired: OnboardingErrorCode = 'customer_required';
      const reason = code === customerRequired ? messages.customerRequired : messages.saveFailed;
      setFailure(reason);
      toast.error(intl.formatMessage(reason));
    }
  };

  return {
    tab,
    setTab,
    brief: { form: brief, error: briefError, attempted: briefAttempted },
    audience: { form: audience, error: audienceError, attempted: audienceAttempted },
    pendingUploads,
    setPendingUploads,
    failure,
    saving: mutation.isPending,
    savedAt,
    goToAudience,
    submit,
  };
}

/**
 * Contact replacement rules (§3 Prospect contact replacement, §5): once a replacement is
 * started the reason is required, and the user must tick the agreement checkbox.
 */
export const PROSPECT_TITLES = ['mister', 'miss', 'undefined'] as const;
export type ProspectTitle = (typeof PROSPECT_TITLES)[number];

export interface ReplacementDraft {
  title: ProspectTitle;
  first_name: string;
  last_name: string;
  position: string;
  email: string;
  phone: string;
  direct_line: string;
  linkedin: string;
  reason: string;
  agreement: boolean;
}

export const EMPTY_REPLACEMENT: ReplacementDraft = {
  title: 'undefined',
  first_name: '',
  last_name: '',
  position: '',
  email: '',
  phone: '',
  direct_line: '',
  linkedin: '',
  reason: '',
  agreement: false,
};

export type ReplacementError = 'required' | 'invalid_email' | 'agreement_required';
export type ReplacementErrors = Partial<Record<keyof ReplacementDraft, ReplacementError>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Validates a started replacement. The reason is required, and so are the new contact's first and
 * last names (contract); the e-mail must be valid when one is given; the agreement must be ticked.
 */
export function validateReplacement(draft: ReplacementDraft): ReplacementErrors {
  const errors: ReplacementErrors = {};
  if (draft.reason.trim() === '') errors.reason = 'required';
  if (draft.first_name.trim() === '') errors.first_name = 'required';
  if (draft.last_name.trim() === '') errors.last_name = 'required';
  if (draft.email.trim() !== '' && !EMAIL_PATTERN.test(draft.email.trim()))
    errors.email = 'invalid_email';
  if (!draft.agreement) errors.agreement = 'agreement_required';
  return errors;
}

/** The body of POST /prospects/{id}/substitute for a valid draft (trimmed; the agreement is not sent). */
export function replacementPayload(draft: ReplacementDraft) {
  const errors = validateReplacement(draft);
  const first = Object.keys(errors)[0];
  if (first)
    throw new Error(
      `The replacement is not valid: ${first} is ${errors[first as keyof ReplacementDraft]}.`,
    );
  return {
    title: draft.title,
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    position: orNull(draft.position),
    email: orNull(draft.email),
    phone: orNull(draft.phone),
    direct_line: orNull(draft.direct_line),
    linkedin: orNull(draft.linkedin),
    reason: draft.reason.trim(),
  };
}

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

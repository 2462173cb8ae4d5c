import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  substituteProspectMutationOptions,
  type Prospect,
  type ProspectScope,
} from '@prospecta/api-client';
import { Button, Checkbox, Select, TextArea, TextField, toast } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import {
  EMPTY_REPLACEMENT,
  PROSPECT_TITLES,
  replacementPayload,
  validateReplacement,
  type ProspectTitle,
  type ReplacementDraft,
  type ReplacementError,
} from '../model/replacement';
import { formMessages } from '../../../core/messages';
import { messages } from '../messages';
import { titleMessages } from '../statusLabels';
import * as styles from './ProspectDetail.css';

const errorMessages = {
  required: formMessages.required,
  invalid_email: formMessages.invalidEmail,
  agreement_required: messages.agreementRequired,
} satisfies Record<ReplacementError, unknown>;

type TextKey = Exclude<keyof ReplacementDraft, 'title' | 'agreement' | 'reason'>;

/**
 * §2/§3/§5 contact replacement: started with a button; once started, the reason is required and
 * the agreement checkbox must be ticked. Errors show after the first attempt to send.
 */
export function ReplacementForm({
  scope,
  onReplaced,
}: {
  scope: ProspectScope;
  /** The new prospect the server created for the new contact. */
  onReplaced?: (created: Prospect) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const substitute = useMutation(substituteProspectMutationOptions(clients, queryClient));
  const [started, setStarted] = useState(false);
  const [draft, setDraft] = useState<ReplacementDraft>(EMPTY_REPLACEMENT);
  const [attempted, setAttempted] = useState(false);

  const errors = attempted ? validateReplacement(draft) : {};
  const errorText = (key: keyof ReplacementDraft) => {
    const error = errors[key];
    return error ? t(errorMessages[error]) : undefined;
  };

  if (!started) {
    return (
      <section className={styles.section} aria-labelledby="prospect-replacement-title">
        <h3 id="prospect-replacement-title" className={styles.sectionTitle}>
          {t(messages.sectionReplacement)}
        </h3>
        <div>
          <Button variant="secondary" onClick={() => setStarted(true)}>
            {t(messages.replaceStart)}
          </Button>
        </div>
      </section>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(validateReplacement(draft)).length > 0) return;
    try {
      const created = await substitute.mutateAsync({
        ...scope,
        replacement: replacementPayload(draft),
      });
      toast.success(t(messages.replaceSuccess));
      setStarted(false);
      setDraft(EMPTY_REPLACEMENT);
      setAttempted(false);
      onReplaced?.(created);
    } catch {
      toast.error(t(messages.replaceError));
    }
  };

  const text = (
    key: TextKey,
    label: string,
    type: 'text' | 'email' | 'tel' | 'url' = 'text',
    required = false,
  ) => (
    <TextField
      label={label}
      type={type}
      value={draft[key]}
      required={required}
      error={errorText(key)}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
    />
  );

  return (
    <section className={styles.section} aria-labelledby="prospect-replacement-title">
      <h3 id="prospect-replacement-title" className={styles.sectionTitle}>
        {t(messages.sectionReplacement)}
      </h3>
      <p className={styles.entryBody}>{t(messages.replaceIntro)}</p>
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="replacement-form"
      >
        <div className={styles.formFields}>
          <div className={styles.formFieldWide}>
            <Select<ProspectTitle>
              label={t(messages.fieldTitle)}
              options={PROSPECT_TITLES.map((title) => ({
                value: title,
                label: t(titleMessages[title]),
              }))}
              value={draft.title}
              onValueChange={(title) => setDraft({ ...draft, title })}
            />
          </div>
          {text('first_name', t(messages.fieldFirstName), 'text', true)}
          {text('last_name', t(messages.fieldLastName), 'text', true)}
          {text('position', t(messages.fieldPosition))}
          {text('email', t(messages.fieldEmail), 'email')}
          {text('phone', t(messages.fieldPhone), 'tel')}
          {text('direct_line', t(messages.fieldDirectLine), 'tel')}
          <div className={styles.formFieldWide}>
            {text('linkedin', t(messages.fieldLinkedin), 'url')}
          </div>
        </div>
        <TextArea
          label={t(messages.replaceReason)}
          required
          rows={3}
          maxLength={2000}
          value={draft.reason}
          error={errorText('reason')}
          onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
        />
        <Checkbox
          label={t(messages.replaceAgreement)}
          checked={draft.agreement}
          error={errorText('agreement')}
          onCheckedChange={(agreement) => setDraft({ ...draft, agreement })}
        />
        <div className={styles.formActions}>
          <Button
            variant="secondary"
            onClick={() => {
              setStarted(false);
              setDraft(EMPTY_REPLACEMENT);
              setAttempted(false);
            }}
          >
            {t(messages.replaceCancel)}
          </Button>
          <Button type="submit" loading={substitute.isPending}>
            {t(messages.replaceSubmit)}
          </Button>
        </div>
      </form>
    </section>
  );
}

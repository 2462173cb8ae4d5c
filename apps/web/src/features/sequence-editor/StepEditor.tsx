import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link2, Trash2 } from 'lucide-react';
import {
  insertText,
  linkTag,
  MAX_INVITATION_NOTE,
  noteLength,
  type TemplateValues,
} from '@prospecta/domain';
import type {
  CampaignLanguage,
  CampaignProblem,
  LandingPage,
  SequenceStepInput,
  StepCondition,
} from '@prospecta/domain/contract';
import {
  ActionMenu,
  Badge,
  Button,
  IconButton,
  ReorderButtons,
  Select,
  TextArea,
  TextField,
  type ReorderHandle,
} from '@prospecta/ui';
import { messages } from './messages';
import { stepTypeMessages, variableTags } from './problemText';
import { StepChecks } from './StepChecks';
import { StepPreview } from './StepPreview';
import * as styles from './sequenceEditor.css';

type StepPatch = Partial<Omit<SequenceStepInput, 'id' | 'draft_template'>>;

export interface StepEditorProps {
  step: SequenceStepInput;
  position: number;
  handle: ReorderHandle;
  language: CampaignLanguage;
  landingPages: readonly LandingPage[];
  problems: readonly CampaignProblem[];
  values: TemplateValues;
  prospectName: string | null;
  disabled: boolean;
  onEdit: (patch: StepPatch) => void;
  onDelete: () => void;
  onLinkInserted: (page: LandingPage) => void;
}

const MAX_DELAY = 365;

/** The delay as typed: a whole number of days from 0 to 365, else null (the field shows its error). */
function parseDelay(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days <= MAX_DELAY ? days : null;
}

/** The delay field keeps what was typed while it is not a valid number of days, and says why. */
function DelayField({
  days,
  first,
  disabled,
  onChange,
}: {
  days: number;
  first: boolean;
  disabled: boolean;
  onChange: (days: number) => void;
}) {
  const t = useIntl().formatMessage;
  const [typed, setTyped] = useState<{ text: string; days: number }>({
    text: String(days),
    days,
  });
  // The owner changed the delay (a draft, an undo): the field shows it.
  const text = typed.days === days ? typed.text : String(days);
  const invalid = parseDelay(text) === null;
  return (
    <TextField
      label={t(first ? messages.fieldDelayFirst : messages.fieldDelay)}
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_DELAY}
      step={1}
      value={text}
      disabled={disabled}
      error={invalid ? t(messages.delayError) : undefined}
      onChange={(event) => {
        const next = event.target.value;
        const parsed = parseDelay(next);
        setTyped({ text: next, days: parsed ?? days });
        if (parsed !== null && parsed !== days) onChange(parsed);
      }}
    />
  );
}

/** One step of the sequence: its fields, its checks and its preview for the chosen prospect. */
export function StepEditor({
  step,
  position,
  handle,
  language,
  landingPages,
  problems,
  values,
  prospectName,
  disabled,
  onEdit,
  onDelete,
  onLinkInserted,
}: StepEditorProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const titleId = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const type = t(stepTypeMessages[step.type]);
  const isEmail = step.type === 'email';
  const isInvitation = step.type === 'linkedin_invitation';
  const length = isInvitation ? noteLength(step.body) : 0;

  const insertLink = (page: LandingPage) => {
    const area = bodyRef.current;
    const start = area?.selectionStart ?? step.body.length;
    const end = area?.selectionEnd ?? step.body.length;
    onEdit({ body: insertText(step.body, start, end, linkTag(page)).text });
    onLinkInserted(page);
  };

  const conditionOptions: { value: StepCondition; label: string }[] = [
    { value: 'none', label: t(messages.conditionNone) },
    { value: 'no_reply', label: t(messages.conditionNoReply) },
  ];

  let bodyLabel = t(messages.fieldBody);
  if (isInvitation) bodyLabel = t(messages.fieldNote);
  else if (step.type === 'linkedin_message') bodyLabel = t(messages.fieldMessage);

  const variablesHint = t(messages.bodyHint, {
    variables: variableTags(intl),
    example: '{{first_name|…}}',
  });

  return (
    <article className={styles.step} aria-labelledby={titleId} data-testid="sequence-editor-step">
      <header className={styles.stepHeader}>
        <h3 id={titleId} className={styles.stepTitle}>
          {t(messages.stepTitle, { position, type })}
        </h3>
        {step.draft_template && (
          <Badge tone="info" data-testid="draft-badge">
            {t(messages.draftBadge)}
          </Badge>
        )}
        {!disabled && (
          <span className={styles.headerActions}>
            <ReorderButtons
              handle={handle}
              upLabel={t(messages.moveUp, { position })}
              downLabel={t(messages.moveDown, { position })}
            />
            <IconButton
              icon={<Trash2 size={16} />}
              label={t(messages.deleteStep, { position })}
              onClick={onDelete}
            />
          </span>
        )}
      </header>
      <div className={styles.stepGrid}>
        <div className={styles.fields}>
          <div className={styles.fieldRow}>
            <TextField
              label={t(messages.fieldName)}
              placeholder={t(messages.namePlaceholder)}
              value={step.name}
              maxLength={200}
              disabled={disabled}
              onChange={(event) => onEdit({ name: event.target.value })}
            />
            <DelayField
              days={step.delay_days}
              first={position === 1}
              disabled={disabled}
              onChange={(delay_days) => onEdit({ delay_days })}
            />
            <Select<StepCondition>
              label={t(messages.fieldCondition)}
              options={conditionOptions}
              value={step.condition}
              disabled={disabled}
              onValueChange={(condition) => onEdit({ condition })}
            />
          </div>
          {isEmail && (
            <TextField
              label={t(messages.fieldSubject)}
              value={step.subject}
              maxLength={200}
              disabled={disabled}
              hint={position > 1 ? t(messages.subjectFollowUpHint) : undefined}
              onChange={(event) => onEdit({ subject: event.target.value })}
            />
          )}
          <TextArea
            ref={bodyRef}
            label={bodyLabel}
            value={step.body}
            rows={isEmail ? 10 : 4}
            maxLength={20000}
            disabled={disabled}
            hint={
              isInvitation ? (
                <>
                  <span
                    className={styles.counter}
                    data-over={length > MAX_INVITATION_NOTE}
                    data-testid="note-counter"
                  >
                    {t(messages.noteCounter, { length, max: MAX_INVITATION_NOTE })}
                  </span>{' '}
                  {t(messages.noteCounterHint)}
                </>
              ) : (
                variablesHint
              )
            }
            onChange={(event) => onEdit({ body: event.target.value })}
          />
          {!disabled && (
            <div className={styles.bodyTools}>
              {landingPages.length > 0 ? (
                <ActionMenu
                  align="start"
                  trigger={
                    <Button variant="secondary" size="small" icon={<Link2 size={16} />}>
                      {t(messages.insertLink)}
                    </Button>
                  }
                  items={landingPages.map((page) => ({
                    key: page.key,
                    label: t(messages.insertLinkTo, { name: page.name || page.key }),
                    onSelect: () => insertLink(page),
                  }))}
                />
              ) : (
                <p className={styles.muted}>{t(messages.noLandingPages)}</p>
              )}
            </div>
          )}
        </div>
        <div className={styles.side}>
          <StepChecks position={position} problems={problems} />
          <StepPreview
            step={step}
            language={language}
            landingPages={landingPages}
            values={values}
            prospectName={prospectName}
          />
        </div>
      </div>
    </article>
  );
}

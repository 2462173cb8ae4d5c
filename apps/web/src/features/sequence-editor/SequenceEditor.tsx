import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Mail, MessageSquare, PenLine, UserPlus } from 'lucide-react';
import {
  draftSequence,
  editedSequenceProblems,
  editStep,
  moveItem,
  newSequenceStep,
  problemsOfStep,
  sampleValues,
} from '@prospecta/domain';
import type {
  BuilderBrief,
  CampaignLanguage,
  CampaignProblem,
  LandingPage,
  SampleProspect,
  SequenceStepInput,
  WorkflowStepType,
} from '@prospecta/domain/contract';
import { Badge, Button, ConfirmDialog, EmptyState, ReorderableList, Select } from '@prospecta/ui';
import { messages } from './messages';
import { problemText, stepTypeMessages } from './problemText';
import { StepEditor } from './StepEditor';
import { useStableKeys } from './stepKeys';
import * as styles from './sequenceEditor.css';

export interface SequenceEditorProps {
  /** The sequence, in order (controlled). */
  steps: SequenceStepInput[];
  /** Every change: an edit, an added, moved or deleted step, an undo, a first draft. */
  onChange(steps: SequenceStepInput[]): void;
  /** The campaign's language: the first draft, the new steps' names, the checks' spam words, the unsubscribe sentence. */
  language: CampaignLanguage;
  /** The campaign's landing pages: the links to insert and the preview's addresses. */
  landingPages: LandingPage[];
  /** Real prospects of the campaign for the preview (`useSampleProspects`); empty shows every fallback. */
  samples: SampleProspect[];
  /** The server's problems of the saved campaign: its counts of prospects lacking a variable. */
  problems: CampaignProblem[];
  /** Read-only: the steps, their checks and previews show, nothing changes. */
  disabled?: boolean;
  /** The campaign's brief, for "Write a first draft" (no brief, no draft button). */
  brief?: BuilderBrief;
}

const ADD_TYPES: { type: WorkflowStepType; icon: ReactNode }[] = [
  { type: 'email', icon: <Mail size={16} /> },
  { type: 'linkedin_invitation', icon: <UserPlus size={16} /> },
  { type: 'linkedin_message', icon: <MessageSquare size={16} /> },
];

interface Removed {
  step: SequenceStepInput;
  index: number;
}

function sampleName(
  sample: SampleProspect,
  t: ReturnType<typeof useIntl>['formatMessage'],
): { name: string; label: string } {
  const name =
    [sample.first_name, sample.last_name]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') ||
    sample.email.trim() ||
    t(messages.sampleUnnamed, { id: sample.id });
  const label = sample.company.trim()
    ? t(messages.sampleOption, { name, company: sample.company.trim() })
    : t(messages.sampleNoCompany, { name });
  return { name, label };
}

/**
 * Builder step 3, the messaging strategy: the sequence's steps with their fields, checks and a live preview for a real
 * prospect; steps added, deleted (with undo) and moved by buttons or Alt+arrows; a first draft written from the brief
 * by the domain's fixed templates. Controlled: every change goes to `onChange`; nothing is fetched here.
 */
export function SequenceEditor({
  steps,
  onChange,
  language,
  landingPages,
  samples,
  problems,
  disabled = false,
  brief,
}: SequenceEditorProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const draftHintId = useId();
  const keys = useStableKeys(steps);
  const rootRef = useRef<HTMLDivElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState('');
  const [removed, setRemoved] = useState<Removed | null>(null);
  const [confirmDraft, setConfirmDraft] = useState(false);
  /** What takes the focus once the owner has rendered the change: a step by its index, or the undo button. */
  const pendingFocus = useRef<number | 'undo' | null>(null);
  const [sampleId, setSampleId] = useState<number | null>(null);

  const sample = samples.find((s) => s.id === sampleId) ?? samples[0] ?? null;
  const values = useMemo(() => (sample ? sampleValues(sample) : {}), [sample]);
  const prospectName = sample ? sampleName(sample, t).name : null;

  const checked = useMemo(
    () =>
      editedSequenceProblems(steps, {
        language,
        landingPages,
        serverProblems: problems,
        samples,
      }),
    [steps, language, landingPages, problems, samples],
  );
  const sequenceLevel = checked.filter((p) => p.step === undefined);

  // After an add, the new step takes the focus; after a delete, the undo button does (the step's button is gone).
  useEffect(() => {
    const pending = pendingFocus.current;
    if (pending === null) return;
    pendingFocus.current = null;
    if (pending === 'undo') {
      undoRef.current?.focus();
      return;
    }
    const item = rootRef.current?.querySelector('ol')?.children[pending];
    if (item instanceof HTMLElement) item.focus();
  });

  const typeName = (step: SequenceStepInput) => t(stepTypeMessages[step.type]);

  const add = (type: WorkflowStepType) => {
    const step = newSequenceStep(type, steps, language);
    onChange([...steps, step]);
    setRemoved(null);
    setStatus(t(messages.stepAdded, { position: steps.length + 1, type: typeName(step) }));
    pendingFocus.current = steps.length;
  };

  const remove = (index: number) => {
    const step = steps[index];
    if (!step) return;
    onChange(steps.filter((_, i) => i !== index));
    setRemoved({ step, index });
    setStatus(t(messages.stepDeleted, { position: index + 1, type: typeName(step) }));
    pendingFocus.current = 'undo';
  };

  const undo = () => {
    if (!removed) return;
    const index = Math.min(removed.index, steps.length);
    onChange([...steps.slice(0, index), removed.step, ...steps.slice(index)]);
    setRemoved(null);
    setStatus(t(messages.stepRestored, { position: index + 1, type: typeName(removed.step) }));
    pendingFocus.current = index;
  };

  const writeDraft = () => {
    if (!brief) return;
    const drafted = draftSequence(brief, language);
    onChange(drafted);
    setRemoved(null);
    setStatus(t(messages.draftWritten, { count: drafted.length }));
  };

  const sampleOptions = samples.map((s) => ({
    value: String(s.id),
    label: sampleName(s, t).label,
  }));

  return (
    <div ref={rootRef} className={styles.editor} data-testid="sequence-editor">
      <div className={styles.toolbar}>
        {brief && !disabled && (
          <div className={styles.draftBox}>
            <Button
              variant="secondary"
              icon={<PenLine size={16} />}
              aria-describedby={draftHintId}
              onClick={() => (steps.length > 0 ? setConfirmDraft(true) : writeDraft())}
            >
              {t(messages.draftButton)}
            </Button>
            <p id={draftHintId} className={styles.muted}>
              {t(messages.draftHint)}
            </p>
          </div>
        )}
        {!brief && !disabled && <p className={styles.muted}>{t(messages.draftNoBrief)}</p>}
        <div className={styles.sampleBox}>
          {sampleOptions.length > 0 && sample ? (
            <Select
              label={t(messages.samplePicker)}
              options={sampleOptions}
              value={String(sample.id)}
              onValueChange={(value) => setSampleId(Number(value))}
            />
          ) : (
            <p className={styles.muted} data-testid="no-samples">
              {t(messages.noSamples)}
            </p>
          )}
        </div>
      </div>

      {steps.length === 0 ? (
        <EmptyState
          title={t(messages.emptyTitle)}
          description={t(messages.emptyDescription)}
          titleLevel={3}
        />
      ) : (
        <>
          {!disabled && steps.length > 1 && (
            <p className={styles.muted}>{t(messages.keyboardHint)}</p>
          )}
          <ReorderableList
            items={steps}
            getKey={(_, index) => keys[index] ?? String(index)}
            label={t(messages.stepsLabel)}
            disabled={disabled}
            onMove={(from, to) => {
              setRemoved(null);
              onChange(moveItem(steps, from, to));
            }}
            announceMove={(step, to, total) =>
              t(messages.moved, { type: typeName(step), position: to + 1, total })
            }
            renderItem={(step, handle) => (
              <StepEditor
                step={step}
                position={handle.index + 1}
                handle={handle}
                language={language}
                landingPages={landingPages}
                problems={problemsOfStep(checked, handle.index + 1)}
                values={values}
                prospectName={prospectName}
                disabled={disabled}
                onEdit={(patch) =>
                  onChange(steps.map((s, i) => (i === handle.index ? editStep(s, patch) : s)))
                }
                onDelete={() => remove(handle.index)}
                onLinkInserted={(page) =>
                  setStatus(
                    t(messages.linkInserted, {
                      name: page.name || page.key,
                      position: handle.index + 1,
                    }),
                  )
                }
              />
            )}
          />
        </>
      )}

      {sequenceLevel.length > 0 && (
        <ul className={styles.checkList} data-testid="sequence-checks">
          {sequenceLevel.map((problem) => (
            <li key={problem.code} className={styles.check}>
              <Badge tone={problem.severity === 'blocking' ? 'danger' : 'warning'}>
                {t(
                  problem.severity === 'blocking'
                    ? messages.severityBlocking
                    : messages.severityWarning,
                )}
              </Badge>
              <span>{problemText(intl, problem)}</span>
            </li>
          ))}
        </ul>
      )}

      <div className={styles.statusBar}>
        <span role="status" data-testid="sequence-editor-status">
          {status}
        </span>
        {removed && !disabled && (
          <Button ref={undoRef} variant="secondary" size="small" onClick={undo}>
            {t(messages.undo)}
          </Button>
        )}
      </div>

      {!disabled && (
        <div className={styles.addBar} role="group" aria-label={t(messages.addGroup)}>
          {ADD_TYPES.map(({ type, icon }) => (
            <Button key={type} variant="secondary" icon={icon} onClick={() => add(type)}>
              {t(
                type === 'email'
                  ? messages.addEmail
                  : type === 'linkedin_invitation'
                    ? messages.addInvitation
                    : messages.addMessage,
              )}
            </Button>
          ))}
        </div>
      )}

      <ConfirmDialog
        open={confirmDraft}
        onOpenChange={setConfirmDraft}
        title={t(messages.draftConfirmTitle, { count: steps.length })}
        description={t(messages.draftConfirmDescription)}
        confirmLabel={t(messages.draftConfirm)}
        cancelLabel={t(messages.draftCancel)}
        onConfirm={writeDraft}
      />
    </div>
  );
}

import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Check, Copy, ExternalLink, SkipForward } from 'lucide-react';
import type { LinkedinTask } from '@prospecta/api-client';
import { isUnnamedStep } from '@prospecta/domain';
import { Button, ToneChip, toast, type Tone } from '@prospecta/ui';
import { formatZurichDay, useLocale } from '../../../core/i18n';
import { useNow } from '../../../core/runtimeEnvironment';
import type { TaskClosing } from '../hooks/useCloseTask';
import { linkedinHref, taskDue, type TaskDue } from '../model/tasks';
import { messages } from '../messages';
import { prospectName } from '../statusLabels';
import { taskMessages } from '../taskMessages';
import * as styles from './Tasks.css';

const dueTone: Record<TaskDue, Tone> = { overdue: 'critical', today: 'caution', later: 'neutral' };

async function writeToClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard)
    throw new Error('Clipboard API unavailable');
  await navigator.clipboard.writeText(text);
}

export interface TaskCardProps {
  task: LinkedinTask;
  /** What failed the last time (the task came back), shown until dismissed or tried again. */
  failure: TaskClosing | null;
  onClose: (state: TaskClosing) => void;
  onDismissFailure: () => void;
  /** In a list of several prospects' tasks: the prospect (opens it), its company and campaign. */
  onOpenProspect?: () => void;
  /** The card's heading level (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Default: navigator.clipboard.writeText. */
  writeText?: (text: string) => Promise<void>;
}

/**
 * One LinkedIn task (decision 0173): the step and when it is due, the text to copy, the prospect's LinkedIn profile,
 * and 'Done' / 'Skip'.
 */
export function TaskCard({
  task,
  failure,
  onClose,
  onDismissFailure,
  onOpenProspect,
  headingLevel = 3,
  writeText = writeToClipboard,
}: TaskCardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const now = useNow();
  const titleId = useId();
  const due = taskDue(task.due_at, now);
  const date = formatZurichDay(task.due_at, locale);
  const dueLabel =
    due === 'overdue'
      ? t(taskMessages.overdue, { date })
      : due === 'today'
        ? t(taskMessages.dueToday)
        : t(taskMessages.dueOn, { date });
  const Heading = `h${headingLevel}` as const;
  const profile = linkedinHref(task.prospect.linkedin);
  const name = prospectName(task.prospect) ?? t(messages.noName);
  const type = t(
    task.type === 'linkedin_invitation' ? taskMessages.typeInvitation : taskMessages.typeMessage,
  );

  const copy = async () => {
    try {
      await writeText(task.body);
      toast.success(t(taskMessages.copied));
    } catch {
      toast.error(t(taskMessages.copyError));
    }
  };

  return (
    <article
      className={due === 'overdue' ? `${styles.card} ${styles.cardOverdue}` : styles.card}
      aria-labelledby={titleId}
      data-testid="task-card"
      data-due={due}
    >
      <div className={styles.head}>
        <Heading id={titleId} className={styles.heading}>
          {onOpenProspect ? t(taskMessages.headingFor, { type, name }) : type}
        </Heading>
        <ToneChip tone={dueTone[due]} label={dueLabel} />
      </div>
      <p className={styles.meta}>
        {onOpenProspect ? (
          <>
            <button type="button" className={styles.prospectButton} onClick={onOpenProspect}>
              {name}
            </button>
            <span>{task.prospect.company_name}</span>
            <span>{t(taskMessages.campaign, { name: task.campaign.name })}</span>
          </>
        ) : null}
        <span>
          {t(taskMessages.step, {
            position: task.step.position,
            // A step left unnamed ('n/a', §3) reads as what it is, as in the campaigns list.
            name: isUnnamedStep(task.step) ? type : task.step.name,
          })}
        </span>
      </p>
      {task.body ? (
        <>
          <p className={styles.textLabel}>{t(taskMessages.text)}</p>
          <p className={styles.text} data-testid="task-text">
            {task.body}
          </p>
        </>
      ) : (
        <p className={styles.muted}>{t(taskMessages.noText)}</p>
      )}
      {failure ? (
        <div className={styles.failure} role="alert" data-testid="task-failure">
          <span>
            {t(failure === 'done' ? taskMessages.failedDone : taskMessages.failedSkipped)}
          </span>
          <Button size="small" variant="ghost" onClick={onDismissFailure}>
            {t(messages.dismiss)}
          </Button>
        </div>
      ) : null}
      <div className={styles.actions}>
        {task.body ? (
          <Button
            size="small"
            variant="secondary"
            icon={<Copy size={16} aria-hidden="true" />}
            onClick={() => void copy()}
          >
            {t(taskMessages.copy)}
          </Button>
        ) : null}
        {profile ? (
          <a className={styles.link} href={profile} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={14} aria-hidden="true" /> {t(taskMessages.openLinkedin)}
          </a>
        ) : null}
        <span className={styles.spacer} />
        <Button
          size="small"
          variant="ghost"
          icon={<SkipForward size={16} aria-hidden="true" />}
          onClick={() => onClose('skipped')}
        >
          {t(taskMessages.skip)}
        </Button>
        <Button
          size="small"
          icon={<Check size={16} aria-hidden="true" />}
          onClick={() => onClose('done')}
        >
          {t(taskMessages.done)}
        </Button>
      </div>
    </article>
  );
}

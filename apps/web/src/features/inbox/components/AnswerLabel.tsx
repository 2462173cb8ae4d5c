import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { InboxItem } from '@prospecta/api-client';
import { USER_REPLY_LABELS, type ReplyLabel } from '@prospecta/domain';
import { ConfirmDialog, Select, Spinner } from '@prospecta/ui';
import { replyLabelMessages } from '../../../core/messages';
import { useSetAnswerLabel } from '../hooks/useInbox';
import { messages } from '../messages';
import { ReplyLabelChip } from './ReplyLabelChip';
import * as styles from './AnswerLabel.css';

/** Below this confidence the pane says the suggestion is uncertain (decision 0180: not a calibrated probability). */
const UNSURE_BELOW = 0.7;

/** The label that unsubscribes the prospect (decision 0250): asked first, and explained while it holds. */
const UNSUBSCRIBE: ReplyLabel = 'unsubscribe';

/**
 * The answer's label in the pane: the chip, whether it is the suggestion made when the answer arrived or a user's
 * choice, the referred address of a wrong-person answer, and the control that changes it. While the change is saved
 * the chosen label shows with a spinner; when it fails the answer's label comes back and the pane says so.
 * Choosing `unsubscribe` unsubscribes the prospect as the link does, so it is asked first; while it is the label, a
 * sentence under the control says the address is suppressed and what another label does (decision 0250).
 */
export function AnswerLabel({ item, userId }: { item: InboxItem; userId: number }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const mutation = useSetAnswerLabel(userId);
  const [confirming, setConfirming] = useState(false);
  const change = (label: ReplyLabel) => {
    mutation.reset();
    mutation.mutate({ userId, messageId: item.id, label });
  };
  const prospectName = `${item.prospect.first_name} ${item.prospect.last_name}`.trim();
  const saving = mutation.isPending ? mutation.variables.label : null;
  const shown = saving ?? item.label;
  const name = (label: ReplyLabel) => t(replyLabelMessages[label]);
  // A label the user may not choose (a bounce) stays listed while it is the answer's.
  const choices: readonly ReplyLabel[] =
    item.label && !(USER_REPLY_LABELS as readonly ReplyLabel[]).includes(item.label)
      ? [...USER_REPLY_LABELS, item.label]
      : USER_REPLY_LABELS;
  let origin = t(messages.labelNone);
  if (item.label_origin === 'user') origin = t(messages.labelByUser);
  else if (item.label_origin === 'classifier')
    origin = t(
      item.label_confidence !== null && item.label_confidence < UNSURE_BELOW
        ? messages.labelSuggestedUnsure
        : messages.labelSuggested,
    );
  return (
    <section
      className={styles.box}
      aria-label={t(messages.labelField)}
      data-testid="answer-label"
      data-saving={saving ? 'true' : 'false'}
    >
      <div className={styles.line}>
        {shown && <ReplyLabelChip label={shown} />}
        <span className={styles.origin} data-testid="answer-label-origin">
          {origin}
        </span>
      </div>
      {item.label === 'wrong_person' && item.referral && (
        <p className={styles.referral} data-testid="answer-referral">
          {t(messages.referral, { address: item.referral })}
        </p>
      )}
      <div className={styles.line}>
        <Select<ReplyLabel>
          label={t(messages.labelField)}
          labelPosition="start"
          options={choices.map((value) => ({ value, label: name(value) }))}
          {...(shown ? { value: shown } : {})}
          placeholder={t(messages.labelPlaceholder)}
          disabled={saving !== null}
          onValueChange={(label) => {
            if (label === item.label) return;
            if (label === UNSUBSCRIBE) setConfirming(true);
            else change(label);
          }}
          className={styles.select}
        />
        {saving && <Spinner label={t(messages.labelSaving)} />}
      </div>
      {shown === UNSUBSCRIBE && (
        <p className={styles.consequence} data-testid="answer-label-unsubscribed">
          {t(messages.labelUnsubscribed)}
        </p>
      )}
      {mutation.isError && (
        <p className={styles.error} role="alert" data-testid="answer-label-error">
          {item.label
            ? t(messages.labelFailed, { label: name(item.label) })
            : t(messages.labelFailedNone)}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(messages.unsubscribeConfirmTitle, {
          name: prospectName || item.prospect.company_name,
        })}
        description={t(messages.unsubscribeConfirmBody, { label: name(UNSUBSCRIBE) })}
        confirmLabel={t(messages.unsubscribeConfirmYes)}
        cancelLabel={t(messages.unsubscribeConfirmNo)}
        tone="danger"
        onConfirm={() => change(UNSUBSCRIBE)}
      />
    </section>
  );
}

import { useIntl } from 'react-intl';
import type { ReplyLabel } from '@prospecta/domain';
import { ToneChip } from '@prospecta/ui';
import { replyLabelMessages } from '../../../core/messages';
import { replyLabelTones } from '../model/replyLabelTones';

/** An answer's label as a compact chip: its name in the label's tone (the colour never alone). */
export function ReplyLabelChip({ label, className }: { label: ReplyLabel; className?: string }) {
  const t = useIntl().formatMessage;
  return (
    <ToneChip
      tone={replyLabelTones[label]}
      label={t(replyLabelMessages[label])}
      {...(className ? { className } : {})}
    />
  );
}

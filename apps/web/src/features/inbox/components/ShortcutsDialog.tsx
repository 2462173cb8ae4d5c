import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { UserAction } from '@prospecta/domain';
import { Dialog } from '@prospecta/ui';
import { prospectMessages } from '../../prospect';
import { messages } from '../messages';
import { ACTION_SHORTCUTS } from '../model/actionShortcuts';
import * as styles from './Inbox.css';

/** The moves and the help, in the order they are used; the status actions sit between them. */
const MOVES: readonly { keys: string; keyLabel?: MessageDescriptor; label: MessageDescriptor }[] = [
  { keys: 'j', label: messages.shortcutNext },
  { keys: 'k', label: messages.shortcutPrevious },
  { keys: 'Enter', keyLabel: messages.keyEnter, label: messages.shortcutOpen },
];
const HELP = { keys: '?', label: messages.shortcutHelp };
/** Answering: r opens the answer box, Ctrl/⌘ + Enter sends from it. */
const ANSWER: readonly { keys: string; keyLabel?: MessageDescriptor; label: MessageDescriptor }[] =
  [
    { keys: 'r', label: messages.shortcutReply },
    { keys: 'Control+Enter', keyLabel: messages.keyCtrlEnter, label: messages.shortcutSend },
  ];

/** Each status action under the name the actions menu gives it, and what its key stands for. */
const ACTIONS: readonly { action: UserAction; name: MessageDescriptor; hint: MessageDescriptor }[] =
  [
    { action: 'convert', name: prospectMessages.actionConvert, hint: messages.shortcutConvert },
    { action: 'lose', name: prospectMessages.actionLose, hint: messages.shortcutLose },
    { action: 'nurture', name: prospectMessages.actionNurture, hint: messages.shortcutNurture },
  ];

/** The '?' help dialog: the inbox's keyboard shortcuts. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const row = (keys: string, keyLabel: string, description: ReactNode) => (
    <div key={keys} className={styles.shortcutRow} data-shortcut={keys}>
      <dt>
        <kbd className={styles.kbd}>{keyLabel}</kbd>
      </dt>
      <dd className={styles.shortcutLabel}>{description}</dd>
    </div>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(messages.shortcuts)}
      closeLabel={t(messages.close)}
    >
      <dl className={styles.shortcutList} data-testid="inbox-shortcuts">
        {MOVES.map((move) =>
          row(move.keys, move.keyLabel ? t(move.keyLabel) : move.keys, t(move.label)),
        )}
        {ACTIONS.map(({ action, name, hint }) =>
          row(
            ACTION_SHORTCUTS[action],
            ACTION_SHORTCUTS[action],
            <>
              <strong data-testid="shortcut-action">{t(name)}</strong> {t(hint)}
            </>,
          ),
        )}
        {ANSWER.map((answer) =>
          row(answer.keys, answer.keyLabel ? t(answer.keyLabel) : answer.keys, t(answer.label)),
        )}
        {row(HELP.keys, HELP.keys, t(HELP.label))}
      </dl>
    </Dialog>
  );
}

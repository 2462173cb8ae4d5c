import { useIntl, type MessageDescriptor } from 'react-intl';
import { Dialog } from '@prospecta/ui';
import { messages } from '../messages';
import * as styles from './Inbox.css';

/** Every shortcut of the inbox, in the order they are used. */
const INBOX_SHORTCUTS: readonly { keys: string; label: MessageDescriptor }[] = [
  { keys: 'j', label: messages.shortcutNext },
  { keys: 'k', label: messages.shortcutPrevious },
  { keys: 'Enter', label: messages.shortcutOpen },
  { keys: 'c', label: messages.shortcutConvert },
  { keys: 'l', label: messages.shortcutLose },
  { keys: 'n', label: messages.shortcutNurture },
  { keys: '?', label: messages.shortcutHelp },
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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage(messages.shortcuts)}
      closeLabel={intl.formatMessage(messages.close)}
    >
      <dl className={styles.shortcutList} data-testid="inbox-shortcuts">
        {INBOX_SHORTCUTS.map((s) => (
          <div key={s.keys} className={styles.shortcutRow}>
            <dt>
              <kbd className={styles.kbd}>{s.keys}</kbd>
            </dt>
            <dd className={styles.shortcutLabel}>{intl.formatMessage(s.label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

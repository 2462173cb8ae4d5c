import { useIntl } from 'react-intl';
import { ACTION_TARGET, type UserAction } from '@prospecta/domain';
import { Button } from '@prospecta/ui';
import type { useProspectStatus } from '../hooks/useProspectStatus';
import { messages } from '../messages';
import * as styles from './ProspectDetail.css';
import { StatusConfirmDialog } from './StatusConfirmDialog';

const actionMessages = {
  convert: messages.actionConvert,
  lose: messages.actionLose,
  nurture: messages.actionNurture,
} satisfies Record<UserAction, unknown>;

/** Convert / lose / nurture (only those the rules allow from the current status), each behind a yes/no question. */
export function StatusActions({
  status,
  name,
}: {
  status: ReturnType<typeof useProspectStatus>;
  name: string;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <>
      <div className={styles.actions} role="group" aria-label={t(messages.actionsLabel)}>
        {(['convert', 'lose', 'nurture'] as const).map((action) => {
          const offered = status.actions.includes(action);
          const busy = status.submitting && status.pendingTarget === ACTION_TARGET[action];
          if (!offered && !busy) return null;
          return (
            <Button
              key={action}
              variant={action === 'lose' ? 'secondary' : 'primary'}
              loading={busy}
              disabled={status.submitting && !busy}
              onClick={() => status.request(action)}
            >
              {t(actionMessages[action])}
            </Button>
          );
        })}
      </div>
      <StatusConfirmDialog status={status} name={name} />
    </>
  );
}

import { useIntl } from 'react-intl';
import { ACTION_TARGET, type UserAction } from '@prospecta/domain';
import { Button, ConfirmDialog } from '@prospecta/ui';
import type { useProspectStatus } from '../hooks/useProspectStatus';
import { messages } from '../messages';
import { statusMessages } from '../statusLabels';
import * as styles from './ProspectDetail.css';

const actionMessages = {
  convert: messages.actionConvert,
  lose: messages.actionLose,
  nurture: messages.actionNurture,
} satisfies Record<UserAction, unknown>;

const confirmTitles = {
  convert: messages.confirmConvertTitle,
  lose: messages.confirmLoseTitle,
  nurture: messages.confirmNurtureTitle,
} satisfies Record<UserAction, unknown>;

/** Convert / lose / nurture (only those the rules allow from the current status), each behind a yes/no question. */
export function StatusActions({ status, name }: { status: ReturnType<typeof useProspectStatus>; name: string }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const confirming = status.confirming;
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
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={() => undefined}
        onCancel={status.cancel}
        onConfirm={status.confirm}
        title={confirming ? t(confirmTitles[confirming], { name }) : ''}
        description={
          confirming
            ? t(messages.confirmStatusBody, {
                from: t(statusMessages[status.status]),
                to: t(statusMessages[ACTION_TARGET[confirming]]),
              })
            : undefined
        }
        confirmLabel={t(messages.confirmYes)}
        cancelLabel={t(messages.confirmNo)}
        tone={confirming === 'lose' ? 'danger' : 'default'}
      />
    </>
  );
}

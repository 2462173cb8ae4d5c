import { useIntl } from 'react-intl';
import { ACTION_TARGET, type UserAction } from '@prospecta/domain';
import { ConfirmDialog } from '@prospecta/ui';
import type { useProspectStatus } from '../hooks/useProspectStatus';
import { messages } from '../messages';
import { statusMessages } from '../statusLabels';

const confirmTitles = {
  convert: messages.confirmConvertTitle,
  lose: messages.confirmLoseTitle,
  nurture: messages.confirmNurtureTitle,
} satisfies Record<UserAction, unknown>;

/** The yes/no question before a status change (§4), for every place that offers convert / lose / nurture. */
export function StatusConfirmDialog({
  status,
  name,
}: {
  status: ReturnType<typeof useProspectStatus>;
  name: string;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const confirming = status.confirming;
  return (
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
  );
}

import { useIntl } from 'react-intl';
import { ChevronDown, CircleCheck, CircleX, Sprout } from 'lucide-react';
import { ACTION_TARGET, type UserAction } from '@prospecta/domain';
import { ActionMenu, Button, ConfirmDialog } from '@prospecta/ui';
import { prospectMessages, statusMessages, type useProspectStatus } from '../../prospect';
import { messages } from '../messages';

const ACTIONS: readonly UserAction[] = ['convert', 'lose', 'nurture'];
const actionLabels = {
  convert: prospectMessages.actionConvert,
  lose: prospectMessages.actionLose,
  nurture: prospectMessages.actionNurture,
} as const;
const confirmTitles = {
  convert: prospectMessages.confirmConvertTitle,
  lose: prospectMessages.confirmLoseTitle,
  nurture: prospectMessages.confirmNurtureTitle,
} as const;
const actionIcons = { convert: <CircleCheck size={16} />, lose: <CircleX size={16} />, nurture: <Sprout size={16} /> } as const;
const shortcuts = { convert: 'c', lose: 'l', nurture: 'n' } as const;

export interface AnswerActionsProps {
  /** The prospect-status machine of the answer's prospect (useProspectStatus). */
  status: ReturnType<typeof useProspectStatus>;
  /** The prospect's name, for the confirmation's title. */
  name: string;
  /** Show each action's keyboard shortcut (the inbox page has them; the sign-in modal does not). */
  withShortcuts?: boolean;
}

/** The inbox's actions menu (convert, lose, nurture), each behind a yes/no confirmation (§2 Inbox, §4). */
export function AnswerActions({ status, name, withShortcuts = true }: AnswerActionsProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const confirming = status.confirming;
  return (
    <>
      <ActionMenu
        trigger={
          <Button size="small" iconEnd={<ChevronDown size={16} />} loading={status.submitting} data-testid="inbox-actions">
            {t(messages.actions)}
          </Button>
        }
        items={ACTIONS.map((action) => ({
          key: action,
          label: t(actionLabels[action]),
          icon: actionIcons[action],
          tone: action === 'lose' ? 'danger' : 'default',
          disabled: !status.actions.includes(action) || status.submitting,
          ...(withShortcuts ? { shortcut: shortcuts[action] } : {}),
          onSelect: () => status.request(action),
        }))}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={() => undefined}
        onCancel={status.cancel}
        onConfirm={status.confirm}
        title={confirming ? t(confirmTitles[confirming], { name }) : ''}
        description={
          confirming
            ? t(prospectMessages.confirmStatusBody, {
                from: t(statusMessages[status.status]),
                to: t(statusMessages[ACTION_TARGET[confirming]]),
              })
            : undefined
        }
        confirmLabel={t(prospectMessages.confirmYes)}
        cancelLabel={t(prospectMessages.confirmNo)}
        tone={confirming === 'lose' ? 'danger' : 'default'}
      />
    </>
  );
}

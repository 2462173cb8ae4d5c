import { useIntl } from 'react-intl';
import { ChevronDown, CircleCheck, CircleX, Sprout } from 'lucide-react';
import type { UserAction } from '@prospecta/domain';
import { ActionMenu, Button } from '@prospecta/ui';
import { prospectMessages, StatusConfirmDialog, type useProspectStatus } from '../../prospect';
import { messages } from '../messages';
import { ACTION_SHORTCUTS } from '../model/actionShortcuts';

const ACTIONS: readonly UserAction[] = ['convert', 'lose', 'nurture'];
const actionLabels = {
  convert: prospectMessages.actionConvert,
  lose: prospectMessages.actionLose,
  nurture: prospectMessages.actionNurture,
} as const;
const actionIcons = {
  convert: <CircleCheck size={16} />,
  lose: <CircleX size={16} />,
  nurture: <Sprout size={16} />,
} as const;

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
  return (
    <>
      <ActionMenu
        trigger={
          <Button
            size="small"
            iconEnd={<ChevronDown size={16} />}
            loading={status.submitting}
            data-testid="inbox-actions"
          >
            {t(messages.actions)}
          </Button>
        }
        items={ACTIONS.map((action) => ({
          key: action,
          label: t(actionLabels[action]),
          icon: actionIcons[action],
          tone: action === 'lose' ? 'danger' : 'default',
          disabled: !status.actions.includes(action) || status.submitting,
          ...(withShortcuts ? { shortcut: ACTION_SHORTCUTS[action] } : {}),
          onSelect: () => status.request(action),
        }))}
      />
      <StatusConfirmDialog status={status} name={name} />
    </>
  );
}

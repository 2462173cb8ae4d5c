import { useIntl } from 'react-intl';
import type { ProspectStatus } from '@prospecta/domain';
import { ToneChip } from '@prospecta/ui';
import { statusMessages } from '../statusLabels';
import { statusTones } from '../statusTones';

/** A prospect's status as a chip: its translated label in the status's tone. */
export function ProspectStatusChip({ status }: { status: ProspectStatus }) {
  const t = useIntl().formatMessage;
  return <ToneChip tone={statusTones[status]} label={t(statusMessages[status])} />;
}

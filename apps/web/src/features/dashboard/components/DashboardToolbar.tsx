import { useIntl } from 'react-intl';
import { Button, SortControl, TextField } from '@prospecta/ui';
import {
  SORT_FIELDS,
  sortFieldMessages,
  ViewSwitch,
  type BoardSort,
  type SortField,
} from '../../board';
import type { DashboardView } from '../hooks/useDashboardPreferences';
import { messages } from '../messages';
import * as styles from './Dashboard.css';

export interface DashboardToolbarProps {
  view: DashboardView;
  onViewChange: (view: DashboardView) => void;
  query: string;
  onQueryChange: (query: string) => void;
  sort: BoardSort;
  onSortChange: (sort: BoardSort) => void;
  isStaff: boolean;
}

export interface DashboardStaffActionsProps {
  exporting: boolean;
  onExport: () => void;
  onNurtureAll: () => void;
  disabled?: boolean;
}

/**
 * Staff's export and nurture-all (§2 Dashboard), at the end of the page's heading row: the toolbar below keeps its
 * line for the view, the search (its label on one line) and the sort, at 1280 px in French too.
 */
export function DashboardStaffActions({
  exporting,
  onExport,
  onNurtureAll,
  disabled,
}: DashboardStaffActionsProps) {
  const t = useIntl().formatMessage;
  return (
    <div className={styles.staffActions}>
      <Button variant="secondary" loading={exporting} disabled={disabled} onClick={onExport}>
        {t(messages.export)}
      </Button>
      <Button variant="secondary" disabled={disabled} onClick={onNurtureAll}>
        {t(messages.nurtureAll)}
      </Button>
    </div>
  );
}

/** View toggle, search, sort (§2 Dashboard); staff also sort by score. */
export function DashboardToolbar(props: DashboardToolbarProps) {
  const { view, onViewChange, query, onQueryChange, sort, onSortChange, isStaff } = props;
  const intl = useIntl();
  const t = intl.formatMessage;
  const fields = SORT_FIELDS.filter((field) => field !== 'score' || isStaff);
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t(messages.toolbar)}>
      <ViewSwitch<DashboardView>
        label={t(messages.viewLabel)}
        value={view}
        options={[
          { value: 'column', label: t(messages.viewColumns) },
          { value: 'list', label: t(messages.viewList) },
        ]}
        onChange={onViewChange}
      />
      <TextField
        className={styles.search}
        type="search"
        label={t(messages.searchLabel)}
        placeholder={t(messages.searchPlaceholder)}
        value={query}
        autoComplete="off"
        onChange={(event) => onQueryChange(event.target.value)}
      />
      <SortControl<SortField>
        label={t(messages.sortLabel)}
        options={fields.map((field) => ({ value: field, label: t(sortFieldMessages[field]) }))}
        sort={{ key: sort.field, direction: sort.direction }}
        onSortChange={(next) => onSortChange({ field: next.key, direction: next.direction })}
        directionLabels={{ asc: t(messages.sortAscending), desc: t(messages.sortDescending) }}
        directionTitle={t(messages.sortDirectionLabel)}
      />
    </div>
  );
}

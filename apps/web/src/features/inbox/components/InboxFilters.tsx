import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_INBOX_FILTER, INBOX_FILTERS, type InboxFilter } from '@prospecta/domain';
import type { InboxFilterCounts } from '@prospecta/api-client';
import { messages } from '../messages';
import * as styles from './InboxFilters.css';

/** The search parameter that keeps the inbox's filter in its address. */
export const FILTER_PARAM = 'filter';

export interface InboxFiltersProps {
  filter: InboxFilter;
  /** How many answers each filter lists (the server's counts). */
  counts: InboxFilterCounts;
}

/**
 * The inbox's filters as links that keep the filter in the address (back, reload and a shared link keep it): reached
 * with Tab, opened with Enter; the current one is marked for assistive technologies (aria-current).
 */
export function InboxFilters({ filter, counts }: InboxFiltersProps) {
  const t = useIntl().formatMessage;
  const [params] = useSearchParams();
  const searchOf = (next: InboxFilter) => {
    const search = new URLSearchParams(params);
    if (next === DEFAULT_INBOX_FILTER) search.delete(FILTER_PARAM);
    else search.set(FILTER_PARAM, next);
    const text = search.toString();
    return text ? `?${text}` : '';
  };
  return (
    <nav aria-label={t(messages.filtersLabel)} data-testid="inbox-filters">
      <ul className={styles.filters}>
        {INBOX_FILTERS.map((each) => (
          <li key={each}>
            <Link
              to={{ search: searchOf(each) }}
              replace
              className={styles.filter}
              aria-current={each === filter ? 'page' : undefined}
              data-filter={each}
            >
              {t(messages.filters[each], { count: counts[each] })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

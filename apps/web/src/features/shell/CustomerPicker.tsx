import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { userListQueryOptions, type UserListItem } from '@prospecta/api-client';
import { Button, EmptyState, Spinner, TextField } from '@prospecta/ui';
import { useApiClients, usePreferences } from '../../core/hooks';
import { useDocumentTitle } from '../../core/documentTitle';
import { paths } from '../../core/paths';
import { commonMessages } from '../../core/messages';
import { pickerMessages } from './messages';
import { useDebounced } from './useDebounced';
import * as styles from './CustomerPicker.css';

/**
 * Staff at '/' with no customer selected: a list of customers to choose from, searchable by name
 * or company, instead of their own (empty) dashboard. Picking one selects it (as the sidebar search does) and opens
 * its dashboard. Design decision: staff accounts are not listed (they have no prospects).
 */
export function CustomerPicker() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const preferences = usePreferences();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const search = useDebounced(term.trim(), 250);
  const query = useQuery({
    ...userListQueryOptions(clients, search),
    placeholderData: keepPreviousData,
  });
  useDocumentTitle({ page: t(pickerMessages.title) });
  const customers = (query.data?.users ?? []).filter((user) => !user.is_staff);

  const pick = (user: UserListItem) => {
    preferences.set('selectedUser', { id: user.id, name: user.full_name });
    navigate(paths.dashboard(user.id));
  };

  let content;
  if (query.isError && !query.data) {
    content = (
      <div className={styles.state} role="alert">
        <p className={styles.errorText}>{t(pickerMessages.loadError)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t(commonMessages.retry)}
        </Button>
      </div>
    );
  } else if (!query.data) {
    content = <Spinner label={t(pickerMessages.loading)} />;
  } else if (customers.length === 0) {
    content = search ? (
      <EmptyState
        title={t(pickerMessages.noMatch, { search })}
        description={t(pickerMessages.noMatchHint)}
        titleLevel={2}
      />
    ) : (
      <EmptyState title={t(pickerMessages.empty)} titleLevel={2} />
    );
  } else {
    content = (
      <ul
        className={styles.list}
        aria-label={t(pickerMessages.listLabel)}
        aria-busy={query.isFetching || undefined}
        data-testid="customer-picker-list"
      >
        {customers.map((user) => (
          <li key={user.id}>
            <button type="button" className={styles.choice} onClick={() => pick(user)}>
              <span className={styles.name}>{user.full_name}</span>
              <span className={styles.company}>
                {user.company_name ?? t(pickerMessages.noCompany)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      className={styles.page}
      aria-labelledby="customer-picker-title"
      data-testid="customer-picker"
    >
      <div className={styles.heading}>
        <h1 id="customer-picker-title" className={styles.title}>
          {t(pickerMessages.title)}
        </h1>
        <p className={styles.intro}>{t(pickerMessages.intro)}</p>
      </div>
      <TextField
        type="search"
        label={t(pickerMessages.searchLabel)}
        placeholder={t(pickerMessages.searchPlaceholder)}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        startAdornment={<Search size={16} aria-hidden="true" />}
      />
      {content}
    </section>
  );
}

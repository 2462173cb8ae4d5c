import { useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { userListQueryOptions, type UserListItem } from '@prospecta/api-client';
import { TextField } from '@prospecta/ui';
import { useApiClients, usePreferences } from '../../core/hooks';
import { withUserSegment } from '../../core/paths';
import { shellMessages } from './messages';
import * as styles from './UserSearch.css';
import { useDebounced } from './useDebounced';
import { withElision } from '../../core/i18n';

/**
 * Staff-only user switcher (§2, §4): picking a user stores the selection and rewrites the user segment of the URL.
 * An accessible combobox over GET /api/users/list?search=….
 */
export function UserSearch({ viewedName }: { viewedName: string | null }) {
  const intl = useIntl();
  const clients = useApiClients();
  const preferences = usePreferences();
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced(term.trim(), 250);
  const query = useQuery({ ...userListQueryOptions(clients, search), enabled: open });
  const users: UserListItem[] = query.data?.users ?? [];

  const pick = (user: UserListItem) => {
    preferences.set('selectedUser', { id: user.id, name: user.full_name });
    setTerm('');
    setOpen(false);
    navigate(withUserSegment(location.pathname, user.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, Math.max(users.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open) {
      const user = users[active];
      if (user) {
        event.preventDefault();
        pick(user);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const listShown = open && users.length > 0;
  return (
    <div className={styles.root}>
      <TextField
        label={intl.formatMessage(shellMessages.userSearch)}
        type="search"
        role="combobox"
        aria-expanded={listShown}
        aria-controls={listShown ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={listShown && users[active] ? optionId(active) : undefined}
        placeholder={intl.formatMessage(shellMessages.userSearchPlaceholder)}
        autoComplete="off"
        startAdornment={<Search size={16} />}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {viewedName ? (
        <p className={styles.current}>
          {intl.formatMessage(shellMessages.viewingUser, withElision(viewedName))}
        </p>
      ) : null}
      {open && (query.isError || (query.isSuccess && users.length === 0)) ? (
        <p className={`${styles.listbox} ${styles.message}`} role="status">
          {intl.formatMessage(
            query.isError ? shellMessages.userSearchError : shellMessages.userSearchEmpty,
          )}
        </p>
      ) : null}
      {listShown ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={intl.formatMessage(shellMessages.userSearch)}
          className={styles.listbox}
        >
          {users.map((user, index) => (
            <li
              key={user.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(user);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className={styles.optionName}>{user.full_name}</span>
              <span className={styles.optionDetail}>
                {[user.company_name, user.email].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ListTodo } from 'lucide-react';
import { tasksQueryOptions } from '@prospecta/api-client';
import { EmptyState, Spinner } from '@prospecta/ui';
import { useApiClients, useViewedUserId } from '../../core/hooks';
import { useUserPageTitle } from '../../core/userPageTitle';
import { pageNameMessages } from '../../core/messages';
import { ProspectDetailModal, TaskCard, useCloseTask } from '../prospect';
import { ScreenLoadError } from '../shell';
import { messages } from './messages';
import * as styles from './tasks.css';

/**
 * /users/{userId}/tasks (decision 0173): the viewed user's open LinkedIn tasks, due first, each with its prospect
 * (opens the prospect modal), campaign, step and text to copy, done or skipped from here.
 */
export function TasksPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const userId = useViewedUserId();
  const clients = useApiClients();
  const titleId = useId();
  const query = useQuery(tasksQueryOptions(clients, userId));
  const closing = useCloseTask(userId);
  const [openProspect, setOpenProspect] = useState<number | null>(null);
  useUserPageTitle(pageNameMessages.tasks);

  const tasks = query.data?.tasks ?? [];
  let body;
  if (query.isError) {
    body = (
      <div role="alert">
        <ScreenLoadError
          title={t(messages.errorTitle)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div className={styles.state} aria-busy="true" data-testid="tasks-loading">
        <Spinner label={t(messages.loading)} />
      </div>
    );
  } else if (tasks.length === 0) {
    body = (
      <EmptyState
        icon={<ListTodo size={24} />}
        title={t(messages.emptyTitle)}
        description={t(messages.emptyBody)}
        titleLevel={2}
      />
    );
  } else {
    body = (
      <ul className={styles.list} aria-label={t(messages.listLabel)} data-testid="tasks-list">
        {tasks.map((task) => (
          <li key={task.id}>
            <TaskCard
              task={task}
              failure={closing.failureOf(task.id)}
              onClose={(state) => closing.close(task, state)}
              onDismissFailure={() => closing.dismiss(task.id)}
              onOpenProspect={() => setOpenProspect(task.prospect.id)}
              headingLevel={2}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.page} aria-labelledby={titleId} data-testid="tasks-page">
      <div className={styles.heading}>
        <div className={styles.titleRow}>
          <h1 id={titleId} className={styles.title}>
            {t(messages.title)}
          </h1>
          {query.data ? (
            <p className={styles.summary} aria-live="polite" data-testid="tasks-count">
              {t(messages.count, { count: query.data.open_count })}
            </p>
          ) : null}
        </div>
        <p className={styles.summary}>{t(messages.description)}</p>
        {query.data && query.data.open_count > tasks.length ? (
          <p className={styles.summary} data-testid="tasks-capped">
            {t(messages.capped, { shown: tasks.length })}
          </p>
        ) : null}
      </div>
      {body}
      <ProspectDetailModal prospectId={openProspect} onClose={() => setOpenProspect(null)} />
    </section>
  );
}

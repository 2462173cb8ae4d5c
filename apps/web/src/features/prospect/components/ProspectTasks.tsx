import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { tasksQueryOptions, type Prospect } from '@prospecta/api-client';
import { Button } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { commonMessages } from '../../../core/messages';
import { useCloseTask } from '../hooks/useCloseTask';
import { taskMessages } from '../taskMessages';
import { TaskCard } from './TaskCard';
import * as detailStyles from './ProspectDetail.css';
import * as styles from './Tasks.css';

/** The prospect's open LinkedIn tasks, on its modal (decision 0173); nothing while it has none. */
export function ProspectTasks({ prospect }: { prospect: Pick<Prospect, 'id' | 'user_id'> }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const titleId = useId();
  const query = useQuery(tasksQueryOptions(clients, prospect.user_id, prospect.id));
  const closing = useCloseTask(prospect.user_id);

  if (query.isError) {
    return (
      <div className={detailStyles.alert} role="alert" data-testid="prospect-tasks-error">
        <span>{t(taskMessages.loadError)}</span>
        <Button
          size="small"
          variant="secondary"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          {t(commonMessages.retry)}
        </Button>
      </div>
    );
  }
  const tasks = query.data?.tasks ?? [];
  if (tasks.length === 0) return null;
  return (
    <section
      className={detailStyles.section}
      aria-labelledby={titleId}
      data-testid="prospect-tasks"
    >
      <h3 id={titleId} className={detailStyles.sectionTitle}>
        {t(taskMessages.title)}
      </h3>
      <ul className={styles.list}>
        {tasks.map((task) => (
          <li key={task.id}>
            <TaskCard
              task={task}
              headingLevel={4}
              failure={closing.failureOf(task.id)}
              onClose={(state) => closing.close(task, state)}
              onDismissFailure={() => closing.dismiss(task.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

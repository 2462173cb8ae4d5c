import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import {
  ApiError,
  caughtMailQueryOptions,
  caughtMailsQueryOptions,
  type CaughtMailSummary,
} from '@prospecta/api-client';
import { EmptyState, Spinner } from '@prospecta/ui';
import { useDocumentTitle } from '../../core/documentTitle';
import { useApiClients, useServerFeatures } from '../../core/hooks';
import { useZurichDateTime } from '../../core/i18n/useDateFormat';
import { pageNameMessages } from '../../core/messages';
import { parseId, paths } from '../../core/paths';
import { ScreenLoadError } from '../shell';
import { CaughtMailView } from './CaughtMailView';
import { messages } from './messages';
import * as styles from './caughtMails.css';

/**
 * Staff: the mails the server's local mail catcher received (development and CI servers; see
 * docs/decisions/0178-caught-mails-page.md), newest first, beside the open one (`/staff/caught-mails/:mailId`). A
 * server without the catcher has no such page: the not-found page answers.
 */
export function CaughtMailsPage() {
  const { caughtMails } = useServerFeatures();
  if (!caughtMails) return <Navigate to={paths.notFound} replace />;
  return <CaughtMails />;
}

function MailRow({ mail, current }: { mail: CaughtMailSummary; current: boolean }) {
  const intl = useIntl();
  const dateTime = useZurichDateTime();
  return (
    <li>
      <Link
        to={paths.caughtMail(mail.id)}
        className={styles.row}
        aria-current={current ? 'page' : undefined}
        data-testid="caught-mail-row"
      >
        <span className={styles.rowSubject}>
          {mail.subject || intl.formatMessage(messages.noSubject)}
        </span>
        <span className={styles.rowDate}>{dateTime(mail.date ?? mail.received_at)}</span>
        <span className={styles.rowLine}>{mail.from}</span>
        <span className={styles.rowLine}>
          {intl.formatMessage(messages.toLine, { to: mail.to })}
        </span>
      </Link>
    </li>
  );
}

function OpenMail({ id }: { id: number }) {
  const intl = useIntl();
  const clients = useApiClients();
  const query = useQuery(caughtMailQueryOptions(clients, id));
  if (query.data) return <CaughtMailView mail={query.data} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <EmptyState title={intl.formatMessage(messages.gone)} titleLevel={2} />;
    }
    return (
      <div role="alert">
        <ScreenLoadError
          title={intl.formatMessage(messages.mailErrorTitle)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  return (
    <div className={styles.state} aria-busy="true">
      <Spinner label={intl.formatMessage(messages.loading)} />
    </div>
  );
}

function CaughtMails() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const params = useParams();
  const openId = parseId(params.mailId);
  const query = useQuery(caughtMailsQueryOptions(clients));
  useDocumentTitle({ page: t(pageNameMessages.caughtMails) });

  let content: ReactNode;
  if (query.isError && !query.data) {
    content = (
      <div className={styles.panel} role="alert" data-testid="caught-mails-error">
        <ScreenLoadError
          title={t(messages.errorTitle)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  } else if (!query.data) {
    content = (
      <div className={`${styles.panel} ${styles.state}`} aria-busy="true">
        <Spinner label={t(messages.loading)} />
        <span>{t(messages.loading)}</span>
      </div>
    );
  } else if (query.data.items.length === 0 && openId === null) {
    content = (
      <div className={styles.panel} data-testid="caught-mails-empty">
        <EmptyState
          title={t(messages.emptyTitle)}
          description={t(messages.emptyBody)}
          titleLevel={2}
        />
      </div>
    );
  } else {
    const open = openId !== null;
    content = (
      <div className={styles.layout}>
        <nav
          className={`${styles.panel} ${open ? styles.hiddenOnSmall : ''}`}
          aria-label={t(messages.listLabel)}
        >
          <ul className={styles.list}>
            {query.data.items.map((mail) => (
              <MailRow key={mail.id} mail={mail} current={mail.id === openId} />
            ))}
          </ul>
        </nav>
        <div className={`${styles.panel} ${open ? '' : styles.hiddenOnSmall}`}>
          {open ? (
            <>
              <div className={styles.shownOnSmall}>
                <Link to={paths.caughtMails} className={styles.back}>
                  <ArrowLeft size={16} aria-hidden="true" />
                  {t(messages.backToList)}
                </Link>
              </div>
              <OpenMail key={openId} id={openId} />
            </>
          ) : (
            <EmptyState title={t(messages.selectPrompt)} titleLevel={2} />
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{t(messages.title)}</h1>
          {query.data ? (
            <p className={styles.muted} data-testid="caught-mails-count">
              {t(messages.count, { count: query.data.items.length })}
            </p>
          ) : null}
        </div>
        <p className={styles.muted}>{t(messages.intro)}</p>
      </header>
      {content}
    </div>
  );
}

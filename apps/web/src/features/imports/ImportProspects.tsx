import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { campaignImportsQueryOptions } from '@prospecta/api-client';
import { isImportFinished } from '@prospecta/domain';
import { Badge, Button } from '@prospecta/ui';
import { useApiClients, useSession } from '../../core/hooks';
import { useZurichDateTime } from '../../core/i18n';
import { ImportDetail, STATE_TONES } from './ImportDetail';
import { ImportUpload } from './ImportUpload';
import { messages, stateMessages } from './messages';
import * as styles from './imports.css';

export interface ImportProspectsProps {
  campaignId: number;
}

/** What the panel shows: the upload of a new file, one import, or only the list. */
type Shown = { kind: 'upload' } | { kind: 'import'; id: number } | { kind: 'list' };

/**
 * Staff import a campaign's prospects from a CSV or XLSX file: upload, columns, preview, check, commit, with the
 * campaign's past imports. The import's state lives on the server: an import under way is found again after a reload
 * or on another device (the newest unfinished import opens by itself, and stays open with its outcome once it ends).
 * Renders nothing for a customer.
 */
export function ImportProspects({ campaignId }: ImportProspectsProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { isStaff } = useSession();
  const clients = useApiClients();
  const formatDate = useZurichDateTime();
  const titleId = useId();
  const list = useQuery({ ...campaignImportsQueryOptions(clients, campaignId), enabled: isStaff });
  const [chosen, setChosen] = useState<Shown | null>(null);
  // The unfinished import the panel opened by itself stays open once it ends, so that its outcome (done, failed,
  // cancelled) is read rather than replaced by the list the moment the server says it is finished.
  const [followed, setFollowed] = useState<number | null>(null);
  const imports = list.data?.imports ?? [];
  const unfinished = imports.find((item) => !isImportFinished(item.state));
  if (unfinished && unfinished.id !== followed) setFollowed(unfinished.id);
  if (!isStaff) return null;

  const opened = unfinished?.id ?? followed;
  const shown: Shown =
    chosen ?? (opened !== null ? { kind: 'import', id: opened } : { kind: 'list' });
  const others = imports.filter((item) => shown.kind !== 'import' || item.id !== shown.id);

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="imports-panel">
      <div className={styles.header}>
        <h2 className={styles.title} id={titleId}>
          {t(messages.title)}
        </h2>
        {shown.kind === 'list' ? (
          <Button onClick={() => setChosen({ kind: 'upload' })}>{t(messages.start)}</Button>
        ) : (
          <Button variant="ghost" bleed onClick={() => setChosen({ kind: 'list' })}>
            {t(messages.close)}
          </Button>
        )}
      </div>
      {shown.kind === 'upload' && (
        <ImportUpload
          campaignId={campaignId}
          onStarted={(started) => setChosen({ kind: 'import', id: started.id })}
        />
      )}
      {shown.kind === 'import' && (
        <ImportDetail
          key={shown.id}
          importId={shown.id}
          onStartAnother={() => setChosen({ kind: 'upload' })}
        />
      )}
      {list.isError ? (
        <div className={styles.actions}>
          <p className={styles.alert} role="alert">
            {t(messages.listLoadError)}
          </p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t(messages.reload)}
          </Button>
        </div>
      ) : list.isSuccess && imports.length === 0 && shown.kind === 'list' ? (
        <p className={styles.muted} data-testid="imports-empty">
          {t(messages.emptyList)}
        </p>
      ) : (
        others.length > 0 && (
          <ul className={styles.list} aria-label={t(messages.listLabel)} data-testid="imports-list">
            {others.map((item) => (
              <li key={item.id} className={styles.listItem}>
                <span className={styles.listName}>
                  {t(messages.listItem, {
                    name: item.file_name,
                    date: formatDate(item.created_at),
                  })}
                  {item.state === 'done' && (
                    <span className={styles.muted}>
                      {' '}
                      {t(messages.importedCount, { count: item.counts.imported })}
                    </span>
                  )}
                </span>
                <Badge tone={STATE_TONES[item.state]}>{t(stateMessages[item.state])}</Badge>
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={t(messages.openLabel, { name: item.file_name })}
                  onClick={() => setChosen({ kind: 'import', id: item.id })}
                >
                  {t(messages.open)}
                </Button>
              </li>
            ))}
          </ul>
        )
      )}
    </section>
  );
}

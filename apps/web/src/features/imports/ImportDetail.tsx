import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  downloadImportReport,
  importKeys,
  importQueryOptions,
  importStepMutationOptions,
  setImportMappingMutationOptions,
  type Import,
  type ImportStepAction,
} from '@prospecta/api-client';
import {
  IMPORT_FIELDS,
  IMPORT_ROW_REASONS,
  automaticMapping,
  canCancelImport,
  canCommitImport,
  canMapImport,
  hasImportReport,
  isImportErrorCode,
  isImportRunning,
  mappingProblem,
  type ImportField,
  type ImportMapping,
  type ImportOtherCampaigns,
  type MappingProblem,
  type RunningImportState,
} from '@prospecta/domain';
import { Badge, Button, ConfirmDialog, Select, Spinner, type BadgeTone } from '@prospecta/ui';
import { useApiClients } from '../../core/hooks';
import { saveBlob } from '../../core/download';
import {
  errorMessages,
  fieldMessages,
  messages,
  otherCampaignsMessages,
  reasonMessages,
  stateMessages,
} from './messages';
import * as styles from './imports.css';

const IGNORE = 'ignore';
type FieldChoice = ImportField | typeof IGNORE;

export const STATE_TONES: Record<Import['state'], BadgeTone> = {
  analysing: 'info',
  mapping: 'warning',
  validating: 'info',
  validated: 'primary',
  committing: 'info',
  done: 'success',
  cancelling: 'warning',
  cancelled: 'neutral',
  failed: 'danger',
};

/** One import, in whatever state the server says it is in; polled while a job works on it. */
export function ImportDetail({
  importId,
  onStartAnother,
}: {
  importId: number;
  onStartAnother: () => void;
}) {
  const t = useIntl().formatMessage;
  const clients = useApiClients();
  const query = useQuery(importQueryOptions(clients, importId));
  const item = query.data;

  if (!item) {
    if (query.isError)
      return (
        <div className={styles.step} data-testid="import-load-error">
          <p role="alert" className={styles.alert}>
            {t(messages.loadError)}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t(messages.reload)}
            </Button>
          </div>
        </div>
      );
    return <Spinner label={t(messages.analysing)} />;
  }
  return <ImportState item={item} onStartAnother={onStartAnother} />;
}

function useStep(action: ImportStepAction) {
  const clients = useApiClients();
  const queryClient = useQueryClient();
  return useMutation(importStepMutationOptions(clients, queryClient, action));
}

function ImportState({ item, onStartAnother }: { item: Import; onStartAnother: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const validate = useStep('validate');
  const commit = useStep('commit');
  const cancel = useStep('cancel');
  const retry = useStep('retry');
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // A job that ends here (done, or cancelled and undone) changed the campaign's prospects: its pages read them again.
  const previous = useRef(item.state);
  useEffect(() => {
    const was = previous.current;
    previous.current = item.state;
    if (was !== item.state && isImportRunning(was))
      for (const queryKey of importKeys(item)) void queryClient.invalidateQueries({ queryKey });
  }, [item, queryClient]);

  const run = async (step: ReturnType<typeof useStep>) => {
    setActionError(null);
    try {
      await step.mutateAsync({ importId: item.id });
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 409) {
        setActionError(t(messages.actionFailed));
        await queryClient.invalidateQueries({ queryKey: ['prospecta', 'imports'] });
      } else setActionError(t(messages.actionError));
      throw cause;
    }
  };
  const act = (step: ReturnType<typeof useStep>) => () => void run(step).catch(() => undefined);

  const downloadReport = async () => {
    setActionError(null);
    setDownloading(true);
    try {
      const report = await downloadImportReport(clients, item.id);
      saveBlob(report.blob, report.fileName);
    } catch {
      setActionError(t(messages.reportFailed));
    } finally {
      setDownloading(false);
    }
  };

  const summary = item.format !== null && item.columns.length > 0 && (
    <p className={styles.muted} data-testid="import-file-summary">
      {t(messages.fileSummary, {
        format: item.format,
        name: item.file_name,
        rows: item.counts.rows,
        columns: item.columns.length,
      })}
    </p>
  );

  const cancelButton = canCancelImport(item.state) && (
    <Button variant="ghost" onClick={() => setConfirming(true)}>
      {t(messages.cancel)}
    </Button>
  );
  const reportButton = hasImportReport(item.state) && item.counts.refused > 0 && (
    <Button variant="secondary" loading={downloading} onClick={() => void downloadReport()}>
      {t(messages.downloadReport)}
    </Button>
  );

  let body: ReactNode;
  if (isImportRunning(item.state)) {
    body = <Running item={item} state={item.state} />;
  } else if (canMapImport(item.state)) {
    body = (
      <>
        {/* The check's outcome first, beside the commit button below; the columns stay open to a change. */}
        {item.state === 'validated' && <Results item={item} />}
        <MappingEditor item={item} />
        <Preview item={item} />
      </>
    );
  } else if (item.state === 'done') {
    body = (
      <div className={styles.step} data-testid="import-done">
        <h3 className={styles.subtitle}>{t(messages.doneTitle)}</h3>
        <p className={styles.success} role="status">
          {t(messages.doneBody, { imported: item.counts.imported, refused: item.counts.refused })}
        </p>
      </div>
    );
  } else if (item.state === 'cancelled') {
    body = (
      <div className={styles.step} data-testid="import-cancelled">
        <h3 className={styles.subtitle}>{t(messages.cancelledTitle)}</h3>
        <p className={styles.text}>{t(messages.cancelledBody, { name: item.file_name })}</p>
      </div>
    );
  } else {
    const code = item.error?.code;
    body = (
      <div className={styles.step} data-testid="import-failed">
        <h3 className={styles.subtitle}>{t(messages.failedTitle)}</h3>
        <p className={styles.alert} role="alert" data-testid="import-failure-reason">
          {t(errorMessages[isImportErrorCode(code) ? code : 'internal_error'])}
        </p>
        <p className={styles.muted}>{t(messages.retryHint)}</p>
      </div>
    );
  }

  return (
    <div className={styles.step} data-testid="import-detail" data-state={item.state}>
      <div className={styles.header}>
        <h3 className={styles.subtitle}>{item.file_name}</h3>
        <Badge tone={STATE_TONES[item.state]} data-testid="import-state">
          {t(stateMessages[item.state])}
        </Badge>
      </div>
      {summary}
      {body}
      {actionError && (
        <p role="alert" className={styles.alert} data-testid="import-action-error">
          {actionError}
        </p>
      )}
      <div className={styles.actions}>
        {item.state === 'mapping' && (
          <Button loading={validate.isPending} onClick={act(validate)}>
            {t(messages.validate)}
          </Button>
        )}
        {canCommitImport(item.state) && (
          <Button
            loading={commit.isPending}
            disabled={item.counts.valid === 0}
            onClick={act(commit)}
          >
            {t(messages.commit, { count: item.counts.valid })}
          </Button>
        )}
        {item.state === 'failed' && (
          <Button loading={retry.isPending} onClick={act(retry)}>
            {t(messages.retry)}
          </Button>
        )}
        {reportButton}
        {cancelButton}
        {(item.state === 'done' || item.state === 'cancelled' || item.state === 'failed') && (
          <Button variant="secondary" onClick={onStartAnother}>
            {t(messages.startAnother)}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(messages.cancelConfirmTitle)}
        description={t(messages.cancelConfirmBody)}
        confirmLabel={t(messages.cancelConfirm)}
        cancelLabel={t(messages.cancelKeep)}
        tone="danger"
        onConfirm={() => run(cancel)}
      />
    </div>
  );
}

/** The progress of the job at work, as the server counts it (bytes while reading, rows after). */
function Running({ item, state }: { item: Import; state: RunningImportState }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { done, total } = item.progress;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const heading = {
    analysing: t(messages.analysing),
    validating: t(messages.validating),
    committing: t(messages.committing),
    cancelling: t(messages.cancelling),
  }[state];
  const label = {
    analysing: t(messages.analysingProgress, { name: item.file_name }),
    validating: t(messages.validatingProgress),
    committing: t(messages.committingProgress),
    cancelling: t(messages.cancellingProgress),
  }[state];
  return (
    <div className={styles.step} data-testid="import-running">
      <p className={styles.text} aria-live="polite">
        {heading}
      </p>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={
          item.state === 'analysing'
            ? intl.formatNumber(percent / 100, { style: 'percent' })
            : t(messages.rowsProgress, { done, total })
        }
        data-testid="import-progress"
      >
        <div className={styles.progressBar} style={{ width: `${percent}%` }} />
      </div>
      {item.state !== 'analysing' && (
        <p className={styles.muted}>{t(messages.rowsProgress, { done, total })}</p>
      )}
      <p className={styles.muted}>{t(messages.keepsGoing)}</p>
    </div>
  );
}

function problemText(
  t: ReturnType<typeof useIntl>['formatMessage'],
  problem: MappingProblem,
): string {
  if (problem.code === 'field_twice')
    return t(messages.fieldTwice, { field: t(fieldMessages[problem.field]) });
  if (problem.code === 'required_missing') return t(messages.requiredMissing);
  return t(messages.mappingRefused);
}

/** A select per column (the server's automatic matching shown), and the choice for prospects of other campaigns. */
function MappingEditor({ item }: { item: Import }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const save = useMutation(setImportMappingMutationOptions(clients, queryClient));
  // A change the server has not taken yet (refused here, or on its way); otherwise the server's mapping.
  const [draft, setDraft] = useState<ImportMapping | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mapping = draft ?? item.mapping;
  const proposed = automaticMapping(item.columns);
  const fieldOptions = [
    { value: IGNORE as FieldChoice, label: t(messages.ignore) },
    ...IMPORT_FIELDS.map((field) => ({
      value: field as FieldChoice,
      label: t(fieldMessages[field]),
    })),
  ];

  const send = (next: ImportMapping, otherCampaigns: ImportOtherCampaigns) => {
    const problem = mappingProblem(next, item.columns.length);
    setDraft(next);
    if (problem) {
      setError(problemText(t, problem));
      return;
    }
    setError(null);
    save.mutate(
      { importId: item.id, mapping: next, otherCampaigns },
      {
        onSuccess: () => setDraft(null),
        onError: (cause) => {
          setError(
            cause instanceof ApiError && cause.status === 409
              ? t(messages.actionFailed)
              : t(messages.mappingRefused),
          );
          void queryClient.invalidateQueries({ queryKey: ['prospecta', 'imports'] });
        },
      },
    );
  };

  return (
    <section className={styles.step} aria-labelledby={`import-${item.id}-mapping`}>
      <h4 className={styles.subtitle} id={`import-${item.id}-mapping`}>
        {t(messages.mappingTitle)}
      </h4>
      <p className={styles.muted}>{t(messages.mappingHelp)}</p>
      <div className={styles.mappingGrid} data-testid="import-mapping">
        {item.columns.map((column, index) => {
          const field = mapping[index] ?? null;
          const name = column.trim() || t(messages.emptyColumn, { number: index + 1 });
          const recognised = field !== null && proposed[index] === field;
          return (
            <div className={styles.mappingCell} key={`${index}-${column}`}>
              <Select<FieldChoice>
                label={name}
                options={fieldOptions}
                value={field ?? IGNORE}
                disabled={save.isPending}
                hint={
                  recognised ? <Badge tone="success">{t(messages.recognised)}</Badge> : undefined
                }
                onValueChange={(value) => {
                  const next = [...mapping];
                  next[index] = value === IGNORE ? null : value;
                  send(next, item.other_campaigns);
                }}
              />
            </div>
          );
        })}
      </div>
      <Select<ImportOtherCampaigns>
        className={styles.otherCampaigns}
        label={t(messages.otherCampaignsLabel)}
        options={(['skip', 'add'] as const).map((value) => ({
          value,
          label: t(otherCampaignsMessages[value]),
        }))}
        value={item.other_campaigns}
        disabled={save.isPending}
        onValueChange={(value) => send(mapping, value)}
      />
      {save.isPending && (
        <p className={styles.muted} role="status">
          {t(messages.mappingSaving)}
        </p>
      )}
      {error && (
        <p className={styles.alert} role="alert" data-testid="import-mapping-error">
          {error}
        </p>
      )}
    </section>
  );
}

/** The validation's counts: valid and refused rows, the refused ones by reason. */
function Results({ item }: { item: Import }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const reasons = IMPORT_ROW_REASONS.filter((reason) => (item.counts.by_reason[reason] ?? 0) > 0);
  return (
    <section
      className={styles.step}
      aria-labelledby={`import-${item.id}-results`}
      data-testid="import-results"
    >
      <h4 className={styles.subtitle} id={`import-${item.id}-results`}>
        {t(messages.resultsTitle)}
      </h4>
      <div className={styles.counts}>
        <Badge tone="success" data-testid="import-valid-count">
          {t(messages.validCount, { count: item.counts.valid })}
        </Badge>
        <Badge
          tone={item.counts.refused > 0 ? 'danger' : 'neutral'}
          data-testid="import-refused-count"
        >
          {t(messages.refusedCount, { count: item.counts.refused })}
        </Badge>
      </div>
      {reasons.length > 0 && (
        <ul
          className={styles.reasons}
          aria-label={t(messages.reasonsLabel)}
          data-testid="import-reasons"
        >
          {reasons.map((reason) => (
            <li key={reason}>
              {t(messages.reasonCount, {
                reason: t(reasonMessages[reason]),
                count: item.counts.by_reason[reason] ?? 0,
              })}
            </li>
          ))}
        </ul>
      )}
      {item.counts.valid === 0 && <p className={styles.alert}>{t(messages.nothingToCommit)}</p>}
    </section>
  );
}

/** The first rows of the file as they will be stored, each with its refusal reason or 'valid'. */
function Preview({ item }: { item: Import }) {
  const t = useIntl().formatMessage;
  const id = `import-${item.id}-preview`;
  if (item.preview.length === 0) return <p className={styles.muted}>{t(messages.previewEmpty)}</p>;
  return (
    <div className={styles.step}>
      <h4 className={styles.subtitle} id={id}>
        {t(messages.previewTitle, { count: item.preview.length })}
      </h4>
      {/* Scrolls sideways on a phone; focusable so that the keyboard can scroll it too. */}
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby={id}>
        <table className={styles.table} data-testid="import-preview">
          <thead>
            <tr>
              <th className={styles.th} scope="col">
                {t(messages.previewRow)}
              </th>
              <th className={styles.th} scope="col">
                {t(messages.previewName)}
              </th>
              <th className={styles.th} scope="col">
                {t(messages.previewEmail)}
              </th>
              <th className={styles.th} scope="col">
                {t(messages.previewCompany)}
              </th>
              <th className={styles.th} scope="col">
                {t(messages.previewPosition)}
              </th>
              <th className={styles.th} scope="col">
                {t(messages.previewTags)}
              </th>
              <th className={styles.th} scope="col">
                {t(messages.previewCheck)}
              </th>
            </tr>
          </thead>
          <tbody>
            {item.preview.map(({ row, prospect, reason }) => (
              <tr key={row} className={reason ? styles.refusedRow : undefined}>
                <td className={styles.td}>{row}</td>
                <td className={styles.td}>
                  {[prospect.first_name, prospect.last_name].filter(Boolean).join(' ')}
                </td>
                <td className={styles.td}>{prospect.email}</td>
                <td className={styles.td}>{prospect.company_name}</td>
                <td className={styles.td}>{prospect.position}</td>
                <td className={styles.td}>{prospect.tags.join(', ')}</td>
                <td className={styles.td}>
                  {reason ? t(reasonMessages[reason]) : t(messages.previewAccepted)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import {
  figureProspectsQueryOptions,
  type Campaign,
  type EventFigureName,
} from '@prospecta/api-client';
import { EVENT_FIGURES, isUnnamedStep, orderedSteps } from '@prospecta/domain';
import { Button, Dialog, Spinner } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { commonMessages } from '../../../core/messages';
import { useZurichDateTime } from '../../../core/i18n';
import { messages } from '../messages';
import { figureMessages } from './figureMessages';
import { StepsTable } from '../components/StepsTable';
import * as styles from '../components/campaigns.css';
import * as figureStyles from './figures.css';

const COUNT_OF = {
  contacted: 'contacted',
  opened: 'contacts_opened',
  clicked: 'contacts_clicked',
  answered: 'contacts_answered',
} as const satisfies Record<EventFigureName, string>;

const columnMessages: Record<EventFigureName, MessageDescriptor> = {
  contacted: messages.stageContacted,
  opened: messages.stageOpened,
  clicked: messages.stageClicked,
  answered: messages.stageAnswered,
};

const titleMessages: Record<EventFigureName, MessageDescriptor> = {
  contacted: figureMessages.titleContacted,
  opened: figureMessages.titleOpened,
  clicked: figureMessages.titleClicked,
  answered: figureMessages.titleAnswered,
};

interface OpenFigure {
  figure: EventFigureName;
  stepId: number | null;
  scope: string;
}

export interface CampaignFiguresProps {
  campaign: Pick<Campaign, 'id' | 'steps'> & Record<(typeof COUNT_OF)[EventFigureName], number>;
  onOpenProspect: (prospectId: number) => void;
}

/**
 * Staff's figures of the campaign and of each step (decision 0174): each count opens the prospects behind it.
 */
export function CampaignFigures({ campaign, onOpenProspect }: CampaignFiguresProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [open, setOpen] = useState<OpenFigure | null>(null);
  const titleId = `campaign-${campaign.id}-figures`;
  const rows = [
    { stepId: null, scope: t(figureMessages.wholeCampaign), counts: campaign },
    ...orderedSteps(campaign.steps).map((step) => ({
      stepId: step.id as number | null,
      scope: t(figureMessages.step, {
        position: step.position,
        name: isUnnamedStep(step) ? t(messages.stepUnnamed) : step.name,
      }),
      counts: step,
    })),
  ];

  return (
    // The scroll box below is the labelled region (keyboard users scroll it sideways): the block itself is no landmark.
    <div className={styles.steps} data-testid="campaign-figures">
      <h2 id={titleId} className={styles.stepsTitle}>
        {t(figureMessages.title)}
      </h2>
      <p className={styles.stepNote}>{t(figureMessages.description)}</p>
      <StepsTable
        region={{ labelledBy: titleId }}
        compact
        columns={[t(figureMessages.scope), ...EVENT_FIGURES.map((f) => t(columnMessages[f]))]}
      >
        {rows.map((row) => (
          <tr key={row.stepId ?? 'campaign'} data-testid="campaign-figures-row">
            <th scope="row" className={`${styles.stepsTd} ${figureStyles.rowHeader}`}>
              {row.scope}
            </th>
            {EVENT_FIGURES.map((figure) => {
              const count = row.counts[COUNT_OF[figure]];
              return (
                <td key={figure} className={styles.stepsTd}>
                  {count > 0 ? (
                    <button
                      type="button"
                      className={figureStyles.figureButton}
                      aria-label={t(figureMessages.button, {
                        scope: row.scope,
                        figure: t(columnMessages[figure]),
                        count: intl.formatNumber(count),
                      })}
                      onClick={() => setOpen({ figure, stepId: row.stepId, scope: row.scope })}
                    >
                      {intl.formatNumber(count)}
                    </button>
                  ) : (
                    <span className={figureStyles.zero}>{intl.formatNumber(0)}</span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </StepsTable>
      {open ? (
        <FigureProspectsDialog
          campaignId={campaign.id}
          open={open}
          onClose={() => setOpen(null)}
          onOpenProspect={(id) => {
            setOpen(null);
            onOpenProspect(id);
          }}
        />
      ) : null}
    </div>
  );
}

function FigureProspectsDialog({
  campaignId,
  open,
  onClose,
  onOpenProspect,
}: {
  campaignId: number;
  open: OpenFigure;
  onClose: () => void;
  onOpenProspect: (prospectId: number) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const formatDate = useZurichDateTime();
  const query = useQuery(
    figureProspectsQueryOptions(clients, campaignId, open.figure, open.stepId),
  );
  const data = query.data;

  let body;
  if (query.isError) {
    body = (
      <div className={figureStyles.state} role="alert">
        <span>{t(figureMessages.error)}</span>
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
  } else if (!data) {
    body = (
      <div className={figureStyles.state} aria-busy="true">
        <Spinner label={t(figureMessages.loading)} />
      </div>
    );
  } else if (data.prospects.length === 0) {
    body = <p className={figureStyles.summary}>{t(figureMessages.empty)}</p>;
  } else {
    body = (
      <>
        <p className={figureStyles.summary} data-testid="figure-count">
          {t(figureMessages.count, { count: data.count })}
          {data.count > data.prospects.length
            ? ` ${t(figureMessages.capped, { shown: data.prospects.length })}`
            : null}
        </p>
        <StepsTable
          data-testid="figure-prospects"
          columns={[t(figureMessages.name), t(figureMessages.company), t(figureMessages.since)]}
        >
          {data.prospects.map((p) => (
            <tr key={p.id} data-testid="figure-prospect">
              <td className={styles.stepsTd}>
                <button
                  type="button"
                  className={figureStyles.prospectButton}
                  onClick={() => onOpenProspect(p.id)}
                >
                  {`${p.first_name} ${p.last_name}`.trim()}
                </button>
              </td>
              <td className={styles.stepsTd}>{p.company_name}</td>
              <td className={`${styles.stepsTd} ${styles.nowrap}`}>{formatDate(p.at)}</td>
            </tr>
          ))}
        </StepsTable>
      </>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t(titleMessages[open.figure])}
      description={open.scope}
      closeLabel={t(figureMessages.close)}
      size="wide"
    >
      <div className={figureStyles.dialogBody} data-testid="figure-dialog">
        {body}
      </div>
    </Dialog>
  );
}

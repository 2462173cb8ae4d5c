import { useIntl, type MessageDescriptor } from 'react-intl';
import type { Campaign, CampaignStep } from '@prospecta/api-client';
import { isUnnamedStep, orderedSteps, stepRates } from '@prospecta/domain';
import { Percentage } from '@prospecta/ui';
import { useLocale, withElision } from '../../../core/i18n';
import { messages } from '../messages';
import { CampaignFunnel } from './CampaignFunnel';
import { StepsTable } from './StepsTable';
import * as styles from './campaigns.css';

const typeMessages: Record<CampaignStep['workflow_step_type'], MessageDescriptor> = {
  email: messages.typeEmail,
  linkedin_message: messages.typeLinkedinMessage,
  linkedin_invitation: messages.typeLinkedinInvitation,
};

/** The expanded part of a campaign row: its steps in order with their §9 rates and funnel. */
export function CampaignSteps({ campaign }: { campaign: Pick<Campaign, 'id' | 'name' | 'steps'> }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const steps = orderedSteps(campaign.steps);
  const titleId = `campaign-${campaign.id}-steps`;
  if (steps.length === 0) {
    return (
      <p className={styles.stepNote} data-testid="campaign-steps-empty">
        {t(messages.stepsEmpty)}
      </p>
    );
  }
  const hasLinkedinMessage = steps.some((step) => step.workflow_step_type === 'linkedin_message');
  return (
    <div className={styles.steps} data-testid="campaign-steps">
      <h2 id={titleId} className={styles.stepsTitle}>
        {t(messages.stepsTitle)}
      </h2>
      <StepsTable
        region={{ label: t(messages.stepsRegion, withElision(campaign.name)) }}
        aria-labelledby={titleId}
        columns={[
          t(messages.stepName),
          t(messages.stepType),
          t(messages.stepOpened),
          t(messages.stepClicked),
          `${t(messages.stepAnswered)}${hasLinkedinMessage ? ' *' : ''}`,
          t(messages.columnFunnel),
        ]}
      >
        {steps.map((step) => {
          const rates = stepRates(step);
          const name = isUnnamedStep(step) ? t(messages.stepUnnamed) : step.name;
          return (
            <tr key={step.id} data-testid="campaign-step">
              <td className={styles.stepsTd}>{name}</td>
              <td className={`${styles.stepsTd} ${styles.nowrap}`}>
                {t(typeMessages[step.workflow_step_type])}
              </td>
              <td className={styles.stepsTd}>
                <Percentage value={rates.opened} locale={locale} />
              </td>
              <td className={styles.stepsTd}>
                <Percentage value={rates.clicked} locale={locale} />
              </td>
              <td className={styles.stepsTd}>
                <Percentage value={rates.answered} locale={locale} />
              </td>
              <td className={styles.stepsTd}>
                <CampaignFunnel name={name} counts={step} />
              </td>
            </tr>
          );
        })}
      </StepsTable>
      {hasLinkedinMessage && <p className={styles.stepNote}>* {t(messages.stepAnsweredNote)}</p>}
    </div>
  );
}

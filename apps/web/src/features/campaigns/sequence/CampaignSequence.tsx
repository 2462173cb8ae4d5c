import { useId, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import {
  campaignSequenceQueryOptions,
  type CampaignSequence as Sequence,
} from '@prospecta/api-client';
import { isTaskStep, parseTemplate, type TemplateVariable } from '@prospecta/domain';
import { EmptyState, Spinner } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { ScreenLoadError } from '../../shell';
import { messages } from '../messages';
import * as styles from './sequence.css';

type Step = Sequence['steps'][number];
type LandingPages = Sequence['landing_pages'];

const typeMessages: Record<Step['type'], MessageDescriptor> = {
  email: messages.typeEmail,
  linkedin_invitation: messages.typeLinkedinInvitation,
  linkedin_message: messages.typeLinkedinMessage,
};

const variableMessages: Record<TemplateVariable, MessageDescriptor> = {
  first_name: messages.tokenFirstName,
  last_name: messages.tokenLastName,
  company: messages.tokenCompany,
  position: messages.tokenPosition,
};

/**
 * A template as the customer reads it: the text as written, each variable, link and unsubscribe tag as a token saying
 * what it stands for (an unknown tag stays as written).
 */
function TemplateText({
  template,
  landingPages,
}: {
  template: string;
  landingPages: LandingPages;
}) {
  const t = useIntl().formatMessage;
  return parseTemplate(template).parts.map((part, index): ReactNode => {
    const key = `${index}-${part.kind}`;
    let token: string;
    switch (part.kind) {
      case 'text':
        return part.text;
      case 'unknown':
        return part.raw;
      case 'variable': {
        const name = t(variableMessages[part.name]);
        token =
          part.fallback === null || part.fallback.trim() === ''
            ? t(messages.tokenVariable, { name })
            : t(messages.tokenVariableFallback, { name, fallback: part.fallback.trim() });
        break;
      }
      case 'link': {
        const page = landingPages.find((candidate) => candidate.key === part.key);
        token = t(messages.tokenLink, { label: part.label ?? page?.name ?? part.key });
        break;
      }
      case 'unsubscribe':
        token = t(messages.tokenUnsubscribe);
        break;
    }
    return (
      <span key={key} className={styles.token} data-testid="sequence-token">
        {token}
      </span>
    );
  });
}

function SequenceStep({ step, landingPages }: { step: Step; landingPages: LandingPages }) {
  const t = useIntl().formatMessage;
  const isTask = isTaskStep(step.type);
  const hasBody = step.body.trim() !== '';
  return (
    <li className={styles.step} data-testid="sequence-step">
      <h3 className={styles.stepTitle}>
        {t(messages.sequenceStepTitle, {
          position: step.position,
          type: t(typeMessages[step.type]),
        })}
      </h3>
      <p className={styles.timing} data-testid="sequence-step-timing">
        {t(step.position === 1 ? messages.sequenceFirstDelay : messages.sequenceDelay, {
          days: step.delay_days,
        })}
        {step.condition === 'no_reply' && <> {t(messages.sequenceNoReply)}</>}
      </p>
      {/* A follow-up without a subject of its own has none to show. */}
      {step.type === 'email' && step.subject.trim() !== '' && (
        <>
          <p className={styles.label}>{t(messages.sequenceSubject)}</p>
          <p className={styles.subject} data-testid="sequence-step-subject">
            <TemplateText template={step.subject} landingPages={landingPages} />
          </p>
        </>
      )}
      {step.type === 'linkedin_invitation' && !hasBody ? (
        <p className={styles.subject}>{t(messages.sequenceNoNote)}</p>
      ) : (
        <>
          <p className={styles.label}>
            {t(step.type === 'linkedin_invitation' ? messages.sequenceNote : messages.sequenceBody)}
          </p>
          <p className={styles.body} data-testid="sequence-step-body">
            <TemplateText template={step.body} landingPages={landingPages} />
          </p>
        </>
      )}
      {isTask && (
        <p className={styles.timing} data-testid="sequence-step-task">
          {t(messages.sequenceTask)}
        </p>
      )}
    </li>
  );
}

/**
 * A campaign's sequence, read-only, for its owner and staff: the steps in order with their timing, condition and
 * text; LinkedIn steps say they become tasks for the customer.
 */
export function CampaignSequence({ campaignId }: { campaignId: number }) {
  const t = useIntl().formatMessage;
  const clients = useApiClients();
  const titleId = useId();
  const query = useQuery(campaignSequenceQueryOptions(clients, campaignId));

  let content: ReactNode;
  if (query.isError) {
    content = (
      <div className={styles.state} role="alert" data-testid="sequence-error">
        <ScreenLoadError
          title={t(messages.sequenceErrorTitle)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  } else if (query.isPending) {
    content = (
      <div className={styles.state} data-testid="sequence-loading">
        <Spinner label={t(messages.sequenceLoading)} />
      </div>
    );
  } else if (query.data.steps.length === 0) {
    content = (
      <div className={styles.state} data-testid="sequence-empty">
        <EmptyState
          title={t(messages.sequenceEmptyTitle)}
          description={t(messages.sequenceEmptyBody)}
          titleLevel={3}
        />
      </div>
    );
  } else {
    const steps = [...query.data.steps].sort((a, b) => a.position - b.position);
    content = (
      <ol className={styles.steps}>
        {steps.map((step) => (
          <SequenceStep key={step.id} step={step} landingPages={query.data.landing_pages} />
        ))}
      </ol>
    );
  }

  return (
    <section
      className={styles.section}
      aria-labelledby={titleId}
      aria-busy={query.isPending || undefined}
      data-testid="campaign-sequence"
    >
      <h2 id={titleId} className={styles.title}>
        {t(messages.sequenceTitle)}
      </h2>
      {content}
    </section>
  );
}

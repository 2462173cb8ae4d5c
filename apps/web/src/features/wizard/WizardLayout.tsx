import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { campaignDefinitionQueryOptions } from '@prospecta/api-client';
import {
  createAiWizardMachine,
  isWizardStep,
  selectCurrentStep,
  selectWizardSteps,
} from '@prospecta/machines';
import { Button, EmptyState, Spinner, Stepper } from '@prospecta/ui';
import { useApiClients, usePreferences, useSession, useViewedUserId } from '../../core/hooks';
import { paths } from '../../core/paths';
import { useDocumentTitle } from '../../core/documentTitle';
import { useViewedUserName } from '../../core/userPageTitle';
import { commonMessages, pageNameMessages } from '../../core/messages';
import { BuilderContext, useDraftId, type Builder } from './builderContext';
import { DraftChooser } from './DraftChooser';
import { messages } from './messages';
import { stepTitle } from './stepMessages';
import { WizardActorContext, wizardStorage } from './wizardActor';
import * as styles from './wizard.css';

/**
 * The staff-only AI area (§2): the campaign builder of the customer selected in the sidebar. Without a customer,
 * staff are asked to choose one; without a draft in the address, they choose or start one; with one, the five steps
 * (the wizard's machine, kept in browser storage, for the side list and the steps) edit it on the server.
 */
export function WizardLayout() {
  const preferences = usePreferences();
  const [logic] = useState(() => createAiWizardMachine(wizardStorage(preferences)));
  return (
    <WizardActorContext.Provider logic={logic}>
      <WizardFrame />
    </WizardActorContext.Provider>
  );
}

function WizardFrame() {
  const intl = useIntl();
  const { user } = useSession();
  const userId = useViewedUserId();
  const name = useViewedUserName() ?? '';
  useDocumentTitle({
    page: intl.formatMessage(pageNameMessages.wizard),
    ...(userId !== user.id ? { user: name } : {}),
  });
  const draftId = useDraftId();
  const { step } = useParams();
  let body;
  if (step === undefined) {
    // §2: the AI area's address opens its settings step (the draft, if any, kept).
    body = <Navigate to={paths.wizardStep('settings', draftId ?? undefined)} replace />;
  } else if (userId === user.id) {
    // The signed-in staff member has no campaigns of their own: the builder needs a customer.
    body = (
      <EmptyState
        titleLevel={2}
        title={intl.formatMessage(messages.customerRequired)}
        action={
          <Link className={styles.link} to={paths.home}>
            {intl.formatMessage(messages.chooseCustomer)}
          </Link>
        }
      />
    );
  } else if (draftId === null) {
    body = <DraftChooser userId={userId} customerName={name} />;
  } else {
    body = <CampaignBuilder userId={userId} customerName={name} campaignId={draftId} />;
  }
  return (
    <div className={styles.layout}>
      <h1 className={styles.header}>{intl.formatMessage(messages.title)}</h1>
      {body}
    </div>
  );
}

/** The draft of the address: loaded, then its steps beside the side list. */
function CampaignBuilder({
  userId,
  customerName,
  campaignId,
}: {
  userId: number;
  customerName: string;
  campaignId: number;
}) {
  const intl = useIntl();
  const query = useQuery(campaignDefinitionQueryOptions(useApiClients(), campaignId));
  const { step } = useParams();
  const current = WizardActorContext.useSelector(selectCurrentStep);
  const shown = isWizardStep(step) ? step : current;
  const drafts = paths.wizardStep(shown);
  const definition = query.data;
  const builder = useMemo<Builder | null>(
    () => (definition ? { userId, customerName, definition } : null),
    [userId, customerName, definition],
  );
  if (query.isError) {
    return (
      <div className={styles.body}>
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.definitionLoadError)}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
          <Link className={styles.link} to={drafts}>
            {intl.formatMessage(messages.backToDrafts)}
          </Link>
        </div>
      </div>
    );
  }
  if (!builder) return <Spinner size="large" label={intl.formatMessage(commonMessages.loading)} />;
  // A draft of another customer (the sidebar's choice changed): back to this customer's drafts.
  if (builder.definition.user_id !== userId) return <Navigate to={drafts} replace />;
  return (
    <BuilderContext.Provider value={builder}>
      <div className={styles.headerRow}>
        <h2 className={styles.subtitle}>
          {intl.formatMessage(messages.campaignHeading, {
            name: builder.definition.settings.name || intl.formatMessage(messages.untitled),
            customer: customerName,
          })}
        </h2>
        <Link className={styles.link} to={drafts}>
          {intl.formatMessage(messages.backToDrafts)}
        </Link>
      </div>
      <BuilderSteps campaignId={campaignId} />
    </BuilderContext.Provider>
  );
}

/** The side list of steps (a step opens only when accessible) beside the step of the address. */
function BuilderSteps({ campaignId }: { campaignId: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { step: shown } = useParams();
  const steps = WizardActorContext.useSelector(selectWizardSteps, sameSteps);
  const current = WizardActorContext.useSelector(selectCurrentStep);
  return (
    <Stepper
      label={intl.formatMessage(messages.steps)}
      currentStepId={isWizardStep(shown) ? shown : current}
      onStepSelect={(id) => {
        if (isWizardStep(id)) navigate(paths.wizardStep(id, campaignId));
      }}
      steps={steps.map(({ step, isAccessible, isCompleted }) => {
        const label = intl.formatMessage(stepTitle[step]);
        return {
          id: step,
          label,
          isAccessible,
          isCompleted,
          status: isCompleted
            ? intl.formatMessage(messages.stepCompleted)
            : isAccessible
              ? undefined
              : intl.formatMessage(messages.stepLocked),
        };
      })}
    >
      <Outlet />
    </Stepper>
  );
}

type Steps = ReturnType<typeof selectWizardSteps>;

/** The side list changes only when a step's flags or the current step do. */
function sameSteps(a: Steps, b: Steps): boolean {
  return a.every(
    (step, i) =>
      step.step === b[i]?.step &&
      step.isCurrent === b[i].isCurrent &&
      step.isAccessible === b[i].isAccessible &&
      step.isCompleted === b[i].isCompleted,
  );
}

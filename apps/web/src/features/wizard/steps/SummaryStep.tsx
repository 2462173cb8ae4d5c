import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignReviewQueryOptions,
  changeCampaignLifecycleMutationOptions,
  type CampaignProblem,
  type CampaignReview,
  type CampaignSettings,
} from '@prospecta/api-client';
import { isBlocking } from '@prospecta/domain';
import { isWizardStep } from '@prospecta/machines';
import { Button, Spinner, toast } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { commonMessages } from '../../../core/messages';
import { paths } from '../../../core/paths';
import { useBuilder } from '../builderContext';
import { campaignErrorText, problemText } from '../builderErrors';
import { messages } from '../messages';
import { stepTitle } from '../stepMessages';
import { WizardActorContext } from '../wizardActor';
import { AudienceImportSlot } from './AudienceImportSlot';
import { settingsValues } from './SettingsStep';
import * as styles from '../wizard.css';

/** `YYYY-MM-DDTHH:MM` (the campaign's wall time) as a date and a time in the user's language. */
function wallTime(intl: IntlShape, local: string): { date: string; time: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  // Shown as written: the instant is built in UTC and formatted in UTC, so no zone shifts it.
  const instant = Date.UTC(y, mo - 1, d, h, mi);
  return {
    date: intl.formatDate(instant, { dateStyle: 'full', timeZone: 'UTC' }),
    time: intl.formatTime(instant, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  };
}

/** The spacing in the unit the settings show it in. */
function spacingShown(settings: CampaignSettings) {
  const values = settingsValues(settings);
  return {
    min: Number(values.spacing_min),
    max: Number(values.spacing_max),
    unit: values.spacing_unit,
  };
}

/**
 * Step 5: the summary before launch (getCampaignReview): audience, senders and their caps, the first send in the
 * campaign's zone, the sequence's length and every problem with a link to the step that fixes it; save as draft, or
 * launch (refused while a blocking problem remains) and open the campaign.
 */
export function SummaryStep({ readOnly }: { readOnly: boolean }) {
  const intl = useIntl();
  const clients = useApiClients();
  const { userId, definition } = useBuilder();
  const review = useQuery(campaignReviewQueryOptions(clients, definition.id));
  if (review.isError) {
    return (
      <div className={styles.body}>
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.reviewLoadError)}
        </p>
        <div>
          <Button variant="secondary" onClick={() => void review.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </div>
      </div>
    );
  }
  if (review.isPending)
    return <Spinner size="large" label={intl.formatMessage(commonMessages.loading)} />;
  return (
    <Summary
      review={review.data}
      settings={definition.settings}
      userId={userId}
      readOnly={readOnly}
    />
  );
}

/** Which of opens and clicks are tracked, as the summary's sentence names it. */
function trackingState(settings: CampaignSettings): 'both' | 'opens' | 'clicks' | 'none' {
  if (settings.track_opens) return settings.track_clicks ? 'both' : 'opens';
  return settings.track_clicks ? 'clicks' : 'none';
}

function Summary({
  review,
  settings,
  userId,
  readOnly,
}: {
  review: CampaignReview;
  settings: CampaignSettings;
  userId: number;
  readOnly: boolean;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const wizard = WizardActorContext.useActorRef();
  const launch = useMutation(
    changeCampaignLifecycleMutationOptions(useApiClients(), useQueryClient()),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const blocking = review.problems.filter(isBlocking);
  const warnings = review.problems.filter((p) => !isBlocking(p));
  const first = review.first_send_local ? wallTime(intl, review.first_send_local) : null;
  // The spacing may leave room for fewer mails than the cap in the sending hours; the estimate counts with it.
  const perSender =
    review.mailboxes.length > 0 ? Math.floor(review.daily_capacity / review.mailboxes.length) : 0;

  const onLaunch = async () => {
    setFailure(null);
    try {
      await launch.mutateAsync({ campaignId: review.campaign_id, userId, action: 'launch' });
      toast.success(intl.formatMessage(messages.launched));
      // The step flags start afresh when the next draft is opened (DraftChooser).
      navigate(paths.campaign(userId, review.campaign_id));
    } catch (cause) {
      const text = campaignErrorText(intl, cause, messages.launchFailed);
      setFailure(text);
      toast.error(text);
    }
  };
  const onSaveDraft = () => {
    // Every step saved on the server as it was left: the draft waits in the customer's list.
    wizard.send({ type: 'wizard.complete' });
    toast.success(intl.formatMessage(messages.savedAsDraft));
    navigate(paths.wizardStep('summary'));
  };

  return (
    <div className={styles.body}>
      <section className={styles.section} aria-labelledby="builder-audience">
        <h3 id="builder-audience" className={styles.sectionTitle}>
          {intl.formatMessage(messages.audienceTitle)}
        </h3>
        <p className={styles.paragraph}>
          {intl.formatMessage(messages.audienceCount, { count: review.audience })}
        </p>
        <AudienceImportSlot campaignId={review.campaign_id} />
      </section>
      <section className={styles.section} aria-labelledby="builder-senders">
        <h3 id="builder-senders" className={styles.sectionTitle}>
          {intl.formatMessage(messages.sendersTitle)}
        </h3>
        {review.mailboxes.length === 0 ? (
          <p className={styles.paragraph}>{intl.formatMessage(messages.noSenders)}</p>
        ) : (
          <>
            <ul className={styles.list}>
              {review.mailboxes.map((mailbox) => (
                <li key={mailbox.id} className={styles.paragraph}>
                  {intl.formatMessage(messages.senderCap, {
                    email: mailbox.email,
                    cap: mailbox.daily_cap,
                  })}
                </li>
              ))}
            </ul>
            <p className={styles.muted}>
              {intl.formatMessage(messages.capacity, { count: review.daily_capacity })}
            </p>
            {perSender < settings.daily_cap ? (
              <p className={styles.muted}>
                {intl.formatMessage(messages.capacityBySpacing, { count: perSender })}
              </p>
            ) : null}
          </>
        )}
      </section>
      <section className={styles.section} aria-labelledby="builder-sending">
        <h3 id="builder-sending" className={styles.sectionTitle}>
          {intl.formatMessage(messages.settingsTitleSummary)}
        </h3>
        <p className={styles.paragraph}>
          {intl.formatMessage(messages.spacingSummary, spacingShown(settings))}
        </p>
        <p className={styles.paragraph}>
          {intl.formatMessage(messages.trackingSummary, { state: trackingState(settings) })}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="builder-first-send">
        <h3 id="builder-first-send" className={styles.sectionTitle}>
          {intl.formatMessage(messages.firstSendTitle)}
        </h3>
        <p className={styles.paragraph}>
          {first
            ? intl.formatMessage(messages.firstSend, { ...first, zone: review.time_zone })
            : intl.formatMessage(messages.noSlot)}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="builder-duration">
        <h3 id="builder-duration" className={styles.sectionTitle}>
          {intl.formatMessage(messages.durationTitle)}
        </h3>
        <p className={styles.paragraph}>
          {review.sequence_days === null
            ? intl.formatMessage(messages.durationUnknown)
            : intl.formatMessage(messages.duration, { days: review.sequence_days })}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="builder-problems">
        <h3 id="builder-problems" className={styles.sectionTitle}>
          {intl.formatMessage(messages.problemsTitle)}
        </h3>
        {blocking.length === 0 ? (
          <p className={styles.paragraph}>{intl.formatMessage(messages.noProblems)}</p>
        ) : (
          <ProblemList problems={blocking} campaignId={review.campaign_id} />
        )}
      </section>
      {warnings.length > 0 ? (
        <section className={styles.section} aria-labelledby="builder-warnings">
          <h3 id="builder-warnings" className={styles.sectionTitle}>
            {intl.formatMessage(messages.warningsTitle)}
          </h3>
          <ProblemList problems={warnings} campaignId={review.campaign_id} />
        </section>
      ) : null}
      {failure ? (
        <p className={styles.errorText} role="alert">
          {failure}
        </p>
      ) : null}
      {!review.can_launch ? (
        <p id="builder-launch-blocked" className={styles.muted}>
          {intl.formatMessage(messages.launchBlocked)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onSaveDraft}>
          {intl.formatMessage(messages.saveAsDraft)}
        </Button>
        <Button
          disabled={readOnly || !review.can_launch}
          loading={launch.isPending}
          aria-describedby={review.can_launch ? undefined : 'builder-launch-blocked'}
          onClick={() => void onLaunch()}
        >
          {intl.formatMessage(messages.launch)}
        </Button>
      </div>
    </div>
  );
}

function ProblemList({
  problems,
  campaignId,
}: {
  problems: CampaignProblem[];
  campaignId: number;
}) {
  const intl = useIntl();
  return (
    <ul className={styles.list}>
      {problems.map((problem, index) => (
        <li
          key={`${problem.code}-${problem.step ?? 0}-${problem.variable ?? ''}-${index}`}
          className={styles.item}
        >
          <span className={styles.itemText}>{problemText(intl, problem)}</span>
          {problem.section !== 'summary' && isWizardStep(problem.section) ? (
            <Link className={styles.link} to={paths.wizardStep(problem.section, campaignId)}>
              {intl.formatMessage(messages.fixAt, {
                step: intl.formatMessage(stepTitle[problem.section]),
              })}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

import { useState } from 'react';
import { useFormik } from 'formik';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { z } from 'zod/mini';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  createWebhookMutationOptions,
  deleteWebhookMutationOptions,
  rotateWebhookSecretMutationOptions,
  sendWebhookTestMutationOptions,
  updateWebhookMutationOptions,
  webhookDeliveriesQueryOptions,
  webhooksQueryOptions,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryErrorCode,
  type WebhookEvent,
} from '@prospecta/api-client';
import { MAX_WEBHOOKS_PER_USER, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@prospecta/domain';
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Spinner,
  TextField,
  toast,
  ToneChip,
} from '@prospecta/ui';
import { useApiClients } from '../../core/hooks';
import { useZurichDateTime } from '../../core/i18n';
import { commonMessages, formMessages } from '../../core/messages';
import { fieldError, zodValidate } from '../../core/forms';
import { messages } from './messages';
import * as styles from './webhooks.css';

const eventMessages = {
  'reply.received': messages.eventReply,
  'prospect.status_changed': messages.eventStatus,
  'campaign.finished': messages.eventFinished,
} as const satisfies Record<WebhookEvent, MessageDescriptor>;

/** An event of the log (a subscribed event or the test call's) in the user's words. */
function eventName(intl: IntlShape, event: string): string {
  if (event === WEBHOOK_TEST_EVENT) return intl.formatMessage(messages.eventTest);
  const known = (WEBHOOK_EVENTS as readonly string[]).includes(event);
  return known
    ? intl.formatMessage(eventMessages[event as WebhookEvent])
    : intl.formatMessage(messages.eventOther, { name: event });
}

const deliveryErrorMessages = {
  url_invalid: messages.errorUrlInvalid,
  url_refused: messages.errorUrlRefused,
  timeout: messages.errorTimeout,
  redirect: messages.errorRedirect,
  connection_failed: messages.errorConnection,
  tls_failed: messages.errorTls,
  failed: messages.errorFailed,
} as const satisfies Record<WebhookDeliveryErrorCode, MessageDescriptor>;

/**
 * The sentence for a refused webhook call: the server's code translated (the URL rules, the limit), the network's
 * failure, else the call's own sentence. A server text is never shown.
 */
export function webhookErrorText(
  intl: IntlShape,
  cause: unknown,
  fallback: MessageDescriptor,
): string {
  if (cause instanceof ApiError) {
    const code = (cause.body as { code?: unknown } | null)?.code;
    if (code === 'url_refused') return intl.formatMessage(messages.urlRefused);
    if (code === 'url_invalid') return intl.formatMessage(messages.urlInvalid);
    if (code === 'too_many_webhooks')
      return intl.formatMessage(messages.tooMany, { max: MAX_WEBHOOKS_PER_USER });
  } else if (cause instanceof TypeError) {
    return intl.formatMessage(formMessages.networkError);
  }
  return intl.formatMessage(fallback);
}

const addSchema = z.object({
  url: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: formMessages.required.id }),
      z.regex(/^https?:\/\/\S+$/i, { error: messages.urlMalformed.id }),
      z.maxLength(2000, { error: messages.urlMalformed.id }),
    ),
  description: z.string().check(z.maxLength(200)),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .check(z.minLength(1, { error: messages.eventsMissing.id })),
});
type AddValues = z.infer<typeof addSchema>;

/**
 * The staff's outgoing webhooks of the customer whose page this is: the list (events, state, actions), the form that
 * adds one, the secret shown once (at creation and at a rotation) and each webhook's delivery log.
 */
export function WebhooksSection({ userId }: { userId: number }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const query = useQuery(webhooksQueryOptions(clients, userId));
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const webhooks = query.data?.webhooks ?? [];
  return (
    <Card
      title={t(messages.title)}
      titleLevel={2}
      description={t(messages.description)}
      data-testid="webhooks"
    >
      <div className={styles.body}>
        {query.isError ? (
          <div className={styles.loadError} role="alert">
            <p className={styles.errorText}>{t(messages.loadError)}</p>
            <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
              {t(commonMessages.retry)}
            </Button>
          </div>
        ) : query.isPending ? (
          <Spinner label={t(commonMessages.loading)} />
        ) : webhooks.length === 0 ? (
          <EmptyState
            title={t(messages.emptyTitle)}
            description={t(messages.emptyBody)}
            titleLevel={3}
          />
        ) : (
          <ul className={styles.list} aria-label={t(messages.listLabel)}>
            {webhooks.map((webhook) => (
              <WebhookItem
                key={webhook.id}
                webhook={webhook}
                onSecret={setSecret}
                onShowLog={() => setLogOf(webhook)}
              />
            ))}
          </ul>
        )}
        <AddWebhookForm userId={userId} onAdded={setSecret} />
      </div>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      {logOf ? <DeliveryLogDialog webhook={logOf} onClose={() => setLogOf(null)} /> : null}
    </Card>
  );
}

function WebhookItem({
  webhook,
  onSecret,
  onShowLog,
}: {
  webhook: Webhook;
  onSecret: (secret: string) => void;
  onShowLog: () => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const formatDate = useZurichDateTime();
  const update = useMutation(updateWebhookMutationOptions(clients, queryClient));
  const remove = useMutation(deleteWebhookMutationOptions(clients, queryClient));
  const rotate = useMutation(rotateWebhookSecretMutationOptions(clients, queryClient));
  const test = useMutation(sendWebhookTestMutationOptions(clients, queryClient));
  const [confirm, setConfirm] = useState<'remove' | 'rotate' | null>(null);
  const url = webhook.url;

  const onSwitch = () =>
    update.mutate(
      { webhookId: webhook.id, change: { active: !webhook.active } },
      {
        onSuccess: (saved) =>
          toast.success(t(saved.active ? messages.switchedOn : messages.switchedOff)),
        onError: (cause) => toast.error(webhookErrorText(intl, cause, messages.changeFailed)),
      },
    );
  const onTest = () =>
    test.mutate(
      { webhookId: webhook.id },
      {
        onSuccess: () => toast.success(t(messages.testQueued)),
        onError: (cause) => toast.error(webhookErrorText(intl, cause, messages.testFailed)),
      },
    );
  const onRemove = async () => {
    try {
      await remove.mutateAsync({ webhookId: webhook.id });
      setConfirm(null);
      toast.success(t(messages.removed));
    } catch (cause) {
      toast.error(webhookErrorText(intl, cause, messages.removeFailed));
    }
  };
  const onRotate = async () => {
    try {
      const answer = await rotate.mutateAsync({ webhookId: webhook.id });
      setConfirm(null);
      onSecret(answer.secret);
    } catch (cause) {
      toast.error(webhookErrorText(intl, cause, messages.rotateFailed));
    }
  };

  return (
    <li className={styles.item} data-testid="webhook">
      <div className={styles.itemHead}>
        <p className={styles.url}>{url}</p>
        <ToneChip
          tone={webhook.active ? 'positive' : 'neutral'}
          label={t(webhook.active ? messages.active : messages.inactive)}
        />
      </div>
      {webhook.description ? <p className={styles.muted}>{webhook.description}</p> : null}
      <p className={styles.text}>
        {t(messages.eventsList, {
          events: intl.formatList(
            webhook.events.map((event) => eventName(intl, event)),
            { type: 'conjunction' },
          ),
        })}
      </p>
      <p className={styles.muted}>
        {t(messages.addedOn, { date: formatDate(webhook.created_at) })}
      </p>
      <div className={styles.actions}>
        <Button
          size="small"
          variant="secondary"
          aria-label={t(messages.sendTestTo, { url })}
          loading={test.isPending}
          onClick={onTest}
        >
          {t(messages.sendTest)}
        </Button>
        <Button
          size="small"
          variant="secondary"
          aria-label={t(messages.showLogOf, { url })}
          onClick={onShowLog}
        >
          {t(messages.showLog)}
        </Button>
        <Button
          size="small"
          variant="secondary"
          aria-label={t(webhook.active ? messages.switchOffLabel : messages.switchOnLabel, { url })}
          loading={update.isPending}
          onClick={onSwitch}
        >
          {t(webhook.active ? messages.switchOff : messages.switchOn)}
        </Button>
        <Button
          size="small"
          variant="secondary"
          aria-label={t(messages.rotateLabel, { url })}
          onClick={() => setConfirm('rotate')}
        >
          {t(messages.rotate)}
        </Button>
        <Button
          size="small"
          variant="danger"
          aria-label={t(messages.removeLabel, { url })}
          onClick={() => setConfirm('remove')}
        >
          {t(messages.remove)}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm === 'remove'}
        onOpenChange={(open) => setConfirm(open ? 'remove' : null)}
        title={t(messages.removeTitle)}
        description={t(messages.removeBody, { url })}
        confirmLabel={t(messages.removeConfirm)}
        cancelLabel={t(messages.keep)}
        tone="danger"
        loading={remove.isPending}
        onConfirm={onRemove}
      />
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => setConfirm(open ? 'rotate' : null)}
        title={t(messages.rotateTitle)}
        description={t(messages.rotateBody)}
        confirmLabel={t(messages.rotateConfirm)}
        cancelLabel={t(messages.keep)}
        loading={rotate.isPending}
        onConfirm={onRotate}
      />
    </li>
  );
}

/** Adds a webhook; a refusal is said in a sentence beside the form, which keeps what was typed. */
function AddWebhookForm({
  userId,
  onAdded,
}: {
  userId: number;
  onAdded: (secret: string) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const create = useMutation(createWebhookMutationOptions(clients, useQueryClient()));
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik<AddValues>({
    initialValues: { url: '', description: '', events: [...WEBHOOK_EVENTS] },
    validate: zodValidate(addSchema),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const answer = await create.mutateAsync({
          userId,
          webhook: {
            url: values.url.trim(),
            events: WEBHOOK_EVENTS.filter((event) => values.events.includes(event)),
            description: values.description.trim(),
          },
        });
        helpers.resetForm();
        // The secret's dialog says the webhook is added: no toast over it.
        onAdded(answer.secret);
      } catch (cause) {
        setFailure(webhookErrorText(intl, cause, messages.addFailed));
      }
    },
  });
  const featureMessages = [messages.urlMalformed, messages.eventsMissing];
  const eventsError =
    formik.submitCount > 0 ? fieldError(intl, formik, 'events', featureMessages) : undefined;
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="webhook-add-title"
      onSubmit={formik.handleSubmit}
    >
      <h3 id="webhook-add-title" className={styles.formTitle}>
        {t(messages.addTitle)}
      </h3>
      <TextField
        type="url"
        label={t(messages.urlLabel)}
        hint={t(messages.urlHint)}
        placeholder={t(messages.urlPlaceholder)}
        required
        {...formik.getFieldProps('url')}
        error={fieldError(intl, formik, 'url', featureMessages)}
      />
      <TextField
        label={t(messages.descriptionLabel)}
        hint={t(messages.descriptionHint)}
        placeholder={t(messages.descriptionPlaceholder)}
        {...formik.getFieldProps('description')}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t(messages.eventsLegend)}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            label={t(eventMessages[event])}
            checked={formik.values.events.includes(event)}
            onCheckedChange={(on) =>
              void formik.setFieldValue(
                'events',
                on
                  ? [...formik.values.events, event]
                  : formik.values.events.filter((e) => e !== event),
              )
            }
          />
        ))}
        {eventsError ? (
          <p className={styles.errorText} role="alert">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      {failure ? (
        <p className={styles.errorText} role="alert" data-testid="webhook-add-failure">
          {failure}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={create.isPending}>
          {t(messages.add)}
        </Button>
      </div>
    </form>
  );
}

/** The new secret, shown this once, with a copy button. */
function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const copy = async () => {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t(messages.copied));
    } catch {
      toast.error(t(messages.copyFailed));
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(messages.secretTitle)}
      description={t(messages.secretBody)}
      closeLabel={t(messages.close)}
      closeOnBackdrop={false}
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void copy()}>
            {t(messages.copy)}
          </Button>
          <Button onClick={onClose}>{t(messages.secretDone)}</Button>
        </div>
      }
    >
      <p className={styles.legend} id="webhook-secret-label">
        {t(messages.secretLabel)}
      </p>
      <code
        className={styles.secret}
        aria-labelledby="webhook-secret-label"
        data-testid="webhook-secret"
      >
        {secret}
      </code>
    </Dialog>
  );
}

/** A webhook's last attempts: event, attempt, outcome, the answer's status or why none came, duration, answer. */
function DeliveryLogDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const log = useQuery(webhookDeliveriesQueryOptions(clients, webhook.id));
  const test = useMutation(sendWebhookTestMutationOptions(clients, queryClient));
  const onTest = () =>
    test.mutate(
      { webhookId: webhook.id },
      {
        onSuccess: () => toast.success(t(messages.testQueued)),
        onError: (cause) => toast.error(webhookErrorText(intl, cause, messages.testFailed)),
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(messages.showLogOf, { url: webhook.url })}
      description={t(messages.logIntro)}
      closeLabel={t(messages.close)}
      size="large"
      footer={
        <div className={styles.logActions}>
          <Button variant="secondary" loading={log.isFetching} onClick={() => void log.refetch()}>
            {t(messages.logReload)}
          </Button>
          <Button variant="secondary" loading={test.isPending} onClick={onTest}>
            {t(messages.sendTest)}
          </Button>
          <Button onClick={onClose}>{t(messages.close)}</Button>
        </div>
      }
    >
      {log.isError ? (
        <div className={styles.loadError} role="alert">
          <p className={styles.errorText}>{t(messages.logLoadError)}</p>
          <Button variant="secondary" size="small" onClick={() => void log.refetch()}>
            {t(commonMessages.retry)}
          </Button>
        </div>
      ) : log.isPending ? (
        <Spinner label={t(commonMessages.loading)} />
      ) : log.data.deliveries.length === 0 ? (
        <p className={styles.muted}>{t(messages.logEmpty)}</p>
      ) : (
        // Focusable, so that a keyboard scrolls the dialog through a long log.
        <div role="region" aria-label={t(messages.logRegion)} tabIndex={0}>
          <ol className={styles.list} data-testid="webhook-log">
            {log.data.deliveries.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const formatDate = useZurichDateTime();
  const ok = delivery.outcome === 'succeeded';
  const why =
    delivery.error_code !== null
      ? t(deliveryErrorMessages[delivery.error_code])
      : delivery.status_code === null
        ? t(messages.errorFailed)
        : null;
  return (
    <li className={styles.item} data-testid="webhook-delivery" data-outcome={delivery.outcome}>
      <div className={styles.itemHead}>
        <p className={styles.strong}>
          {t(messages.attemptTitle, {
            event: eventName(intl, delivery.event),
            attempt: delivery.attempt,
          })}
        </p>
        <ToneChip
          tone={ok ? 'positive' : 'critical'}
          label={t(ok ? messages.delivered : messages.failed)}
        />
      </div>
      <p className={styles.muted}>{formatDate(delivery.created_at)}</p>
      {why ? <p className={styles.text}>{why}</p> : null}
      <p className={styles.text}>
        {delivery.status_code !== null
          ? t(messages.answered, { status: delivery.status_code, duration: delivery.duration_ms })
          : t(messages.tookMs, { duration: delivery.duration_ms })}
      </p>
      {delivery.response_snippet ? (
        <figure className={styles.answer}>
          <figcaption className={styles.muted}>{t(messages.answerLabel)}</figcaption>
          <pre className={styles.snippet}>{delivery.response_snippet}</pre>
        </figure>
      ) : null}
    </li>
  );
}

import { useState } from 'react';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  campaignDraftsQueryOptions,
  createCampaignDraftMutationOptions,
  deleteCampaignDraftMutationOptions,
  type CampaignDraftSummary,
  type CampaignLanguage,
} from '@prospecta/api-client';
import { CAMPAIGN_LANGUAGES } from '@prospecta/domain';
import { Button, Card, ConfirmDialog, EmptyState, Spinner, TextField, toast } from '@prospecta/ui';
import { fieldError, zodValidate } from '../../core/forms';
import { useApiClients } from '../../core/hooks';
import { withElision } from '../../core/i18n';
import { commonMessages, formMessages } from '../../core/messages';
import { paths } from '../../core/paths';
import { campaignErrorText } from './builderErrors';
import { LanguageChoice } from './LanguageChoice';
import { messages } from './messages';
import { WizardActorContext } from './wizardActor';
import * as styles from './wizard.css';

const required = formMessages.required.id;
const newDraftSchema = z.object({
  name: z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(200, { error: messages.tooLong.id }),
    ),
  language: z.enum(CAMPAIGN_LANGUAGES),
});
type NewDraftValues = z.infer<typeof newDraftSchema>;

/** The selected customer's drafts, to continue or delete, and the form that starts a new one. */
export function DraftChooser({ userId, customerName }: { userId: number; customerName: string }) {
  const intl = useIntl();
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const wizard = WizardActorContext.useActorRef();
  const drafts = useQuery(campaignDraftsQueryOptions(clients, userId));
  const create = useMutation(createCampaignDraftMutationOptions(clients, queryClient));
  const remove = useMutation(deleteCampaignDraftMutationOptions(clients, queryClient));
  const [deleting, setDeleting] = useState<CampaignDraftSummary | null>(null);
  const [createFailure, setCreateFailure] = useState<string | null>(null);

  /** A draft opens at its settings: the step flags are the browser's, they start afresh for each draft. */
  const open = (campaignId: number) => {
    wizard.send({ type: 'wizard.reset' });
    navigate(paths.wizardStep('settings', campaignId));
  };

  const formik = useFormik<NewDraftValues>({
    initialValues: { name: '', language: intl.locale.startsWith('en') ? 'en' : 'fr' },
    validate: zodValidate(newDraftSchema),
    onSubmit: async (values) => {
      setCreateFailure(null);
      try {
        const definition = await create.mutateAsync({
          userId,
          name: values.name.trim(),
          language: values.language,
        });
        open(definition.id);
      } catch (cause) {
        const text = campaignErrorText(intl, cause, messages.createFailed);
        setCreateFailure(text);
        toast.error(text);
      }
    },
  });

  let list;
  if (drafts.isError) {
    list = (
      <div className={styles.body}>
        <p className={styles.errorText} role="alert">
          {intl.formatMessage(messages.draftsLoadError)}
        </p>
        <div>
          <Button variant="secondary" onClick={() => void drafts.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </div>
      </div>
    );
  } else if (drafts.isPending) {
    list = <Spinner size="large" label={intl.formatMessage(commonMessages.loading)} />;
  } else if (drafts.data.drafts.length === 0) {
    list = (
      <EmptyState
        titleLevel={3}
        title={intl.formatMessage(messages.draftsEmpty)}
        description={intl.formatMessage(messages.draftsEmptyHint)}
      />
    );
  } else {
    list = (
      <ul className={styles.list}>
        {drafts.data.drafts.map((draft) => {
          const name = draft.name || intl.formatMessage(messages.untitled);
          return (
            <li key={draft.id} className={styles.item}>
              <div className={styles.itemText}>
                <span className={styles.strong}>{name}</span>
                <span className={styles.muted}>
                  {intl.formatMessage(messages.draftMeta, {
                    count: draft.steps_count,
                    language: draft.language,
                    date: intl.formatDate(draft.updated_at, { dateStyle: 'long' }),
                  })}
                </span>
              </div>
              <div className={styles.actions}>
                <Button
                  aria-label={intl.formatMessage(messages.continueDraftNamed, { name })}
                  onClick={() => open(draft.id)}
                >
                  {intl.formatMessage(messages.continueDraft)}
                </Button>
                <Button
                  variant="secondary"
                  aria-label={intl.formatMessage(messages.deleteDraftNamed, { name })}
                  onClick={() => setDeleting(draft)}
                >
                  {intl.formatMessage(messages.deleteDraft)}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  const newTitle = intl.formatMessage(messages.newDraftTitle);
  return (
    <div className={styles.body}>
      <Card
        title={intl.formatMessage(messages.draftsTitle, withElision(customerName))}
        titleLevel={2}
      >
        {list}
      </Card>
      <Card title={newTitle} titleLevel={2} description={intl.formatMessage(messages.newDraftHint)}>
        <form
          className={styles.form}
          noValidate
          onSubmit={formik.handleSubmit}
          aria-label={newTitle}
        >
          <TextField
            label={intl.formatMessage(messages.campaignName)}
            placeholder={intl.formatMessage(messages.campaignNamePlaceholder)}
            required
            {...formik.getFieldProps('name')}
            error={fieldError(intl, formik, 'name', [messages.tooLong])}
          />
          <LanguageChoice
            name="language"
            value={formik.values.language}
            onChange={(language: CampaignLanguage) =>
              void formik.setFieldValue('language', language)
            }
          />
          {createFailure ? (
            <p className={styles.errorText} role="alert">
              {createFailure}
            </p>
          ) : null}
          <div>
            <Button type="submit" loading={formik.isSubmitting}>
              {intl.formatMessage(messages.createDraft)}
            </Button>
          </div>
        </form>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null);
        }}
        tone="danger"
        title={intl.formatMessage(messages.deleteTitle, {
          name: deleting?.name || intl.formatMessage(messages.untitled),
        })}
        description={intl.formatMessage(messages.deleteDescription)}
        confirmLabel={intl.formatMessage(messages.deleteConfirm)}
        cancelLabel={intl.formatMessage(messages.cancel)}
        loading={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          const name = deleting.name || intl.formatMessage(messages.untitled);
          try {
            await remove.mutateAsync({ campaignId: deleting.id, userId });
            toast.success(intl.formatMessage(messages.deleted, { name }));
          } catch (cause) {
            toast.error(campaignErrorText(intl, cause, messages.deleteFailed));
          }
          setDeleting(null);
        }}
      />
    </div>
  );
}

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { prospectQueryOptions, type Prospect, type ProspectScope } from '@prospecta/api-client';
import { Button, Dialog, Spinner } from '@prospecta/ui';
import { ProspectStatusChip } from './ProspectStatusChip';
import { useApiClients, useSession } from '../../../core/hooks';
import { commonMessages } from '../../../core/messages';
import { useProspectStatus } from '../hooks/useProspectStatus';
import type { CommentDraftStore } from '../model/comment';
import { messages } from '../messages';
import { prospectName, statusMessages } from '../statusLabels';
import { CommentsPanel } from './CommentsPanel';
import { ContactDetails } from './ContactDetails';
import { HistoryList, InteractionsList } from './HistoryList';
import { ProspectTasks } from './ProspectTasks';
import { ReplacementForm } from './ReplacementForm';
import { StatusActions } from './StatusActions';
import { TagsEditor } from './TagsEditor';
import * as styles from './ProspectDetail.css';

export interface ProspectDetailModalProps {
  /** The prospect to show; null renders nothing (closed). */
  prospectId: number | null;
  onClose: () => void;
  /** Where comment drafts are kept (default: this tab's session storage). */
  commentDrafts?: CommentDraftStore;
}

/** §2 Prospect detail modal. Opens from every list of prospects (dashboard, campaign, inbox). */
export function ProspectDetailModal({
  prospectId,
  onClose,
  commentDrafts,
}: ProspectDetailModalProps) {
  if (prospectId === null) return null;
  return (
    <ProspectDialog
      key={prospectId}
      prospectId={prospectId}
      onClose={onClose}
      commentDrafts={commentDrafts}
    />
  );
}

function ProspectDialog({
  prospectId,
  onClose,
  commentDrafts,
}: ProspectDetailModalProps & { prospectId: number }) {
  const intl = useIntl();
  const clients = useApiClients();
  // After a contact replacement the modal shows the new contact (the old one is lost), saying whom it replaces.
  const [shown, setShown] = useState<{ id: number; replaces: string | null }>({
    id: prospectId,
    replaces: null,
  });
  const query = useQuery(prospectQueryOptions(clients, shown.id));
  const title = query.data
    ? (prospectName(query.data) ?? intl.formatMessage(messages.noName))
    : // The error is said once, in the body with its retry; the title stays the dialog's name.
      intl.formatMessage(messages.dialogLabel);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      closeLabel={intl.formatMessage(messages.close)}
      size="wide"
    >
      {query.isError ? (
        <div className={styles.centered} role="alert">
          <p>{intl.formatMessage(messages.loadError)}</p>
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </div>
      ) : query.data ? (
        <ProspectDetailBody
          prospect={query.data}
          commentDrafts={commentDrafts}
          replaces={shown.replaces}
          onReplaced={(created, replaces) => setShown({ id: created.id, replaces })}
        />
      ) : (
        <div className={styles.centered} aria-busy="true">
          <Spinner label={intl.formatMessage(messages.loading)} />
          <span>{intl.formatMessage(messages.loading)}</span>
        </div>
      )}
    </Dialog>
  );
}

function ProspectDetailBody({
  prospect,
  commentDrafts,
  replaces,
  onReplaced,
}: {
  prospect: Prospect;
  commentDrafts?: CommentDraftStore;
  /** The name of the contact this one replaced, right after a replacement. */
  replaces: string | null;
  onReplaced: (created: Prospect, replaces: string) => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { isStaff, user } = useSession();
  const status = useProspectStatus(prospect);
  const scope: ProspectScope = {
    prospectId: prospect.id,
    userId: prospect.user_id,
    campaignId: prospect.campaign_id,
  };
  const name = prospectName(prospect) ?? t(messages.noName);

  return (
    <>
      {replaces !== null && (
        <p className={styles.notice} role="status" data-testid="replacement-notice">
          {t(messages.replacedNotice, { name, replaced: replaces })}
        </p>
      )}
      <div className={styles.header}>
        <div className={styles.headerMeta}>
          <span className={styles.sectionTitle}>{t(messages.fieldStatus)}</span>
          <span data-testid="prospect-status" aria-live="polite">
            <ProspectStatusChip status={status.status} />
          </span>
          {prospect.position && <span>{prospect.position}</span>}
          <span>{prospect.company.name}</span>
        </div>
        <StatusActions status={status} name={name} />
      </div>
      {status.error && (
        <div className={styles.alert} role="alert" data-testid="status-rollback">
          <span>{t(messages.statusRolledBack, { status: t(statusMessages[status.status]) })}</span>
          <Button size="small" variant="ghost" onClick={status.dismissError}>
            {t(messages.dismiss)}
          </Button>
        </div>
      )}
      <div className={styles.tasks}>
        <ProspectTasks prospect={prospect} />
      </div>
      <div className={styles.layout}>
        <div className={styles.column}>
          <ContactDetails prospect={prospect} showScore={isStaff} />
          <TagsEditor
            prospect={prospect}
            scope={scope}
            ownerId={isStaff ? prospect.user_id : null}
          />
          <ReplacementForm scope={scope} onReplaced={(created) => onReplaced(created, name)} />
        </div>
        <div className={styles.column}>
          <CommentsPanel
            scope={scope}
            comments={prospect.comments}
            drafts={commentDrafts}
            viewer={{ id: user.id, isStaff }}
          />
          <HistoryList history={prospect.history} />
          <InteractionsList history={prospect.history} />
        </div>
      </div>
    </>
  );
}

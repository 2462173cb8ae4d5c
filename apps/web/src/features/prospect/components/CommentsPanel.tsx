import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  createCommentMutationOptions,
  deleteCommentMutationOptions,
  type Comment,
  type ProspectScope,
} from '@prospecta/api-client';
import { Badge, Button, ConfirmDialog, IconButton, Select, TextArea, toast } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { formatZurichDateTime, useLocale } from '../../../core/i18n';
import {
  commentDrafts,
  commentPayload,
  validateComment,
  type CommentDraft,
  type CommentDraftStore,
} from '../model/comment';
import {
  canDeleteComment,
  COMMENT_ACTIVITIES,
  COMMENT_NOT_YOURS,
  type CommentActivity,
} from '@prospecta/domain';
import { messages } from '../messages';
import { activityMessages } from '../statusLabels';
import { TrashIcon } from './icons';
import * as styles from './ProspectDetail.css';

/** The server's refusal of a deletion of someone else's comment (403 `comment_not_yours`). */
const isNotYours = (failure: unknown) =>
  failure instanceof ApiError &&
  failure.status === 403 &&
  typeof failure.body === 'object' &&
  failure.body !== null &&
  (failure.body as { code?: unknown }).code === COMMENT_NOT_YOURS;

/** Radix Select items cannot have an empty value: "no activity" is this sentinel in the select only. */
const NO_ACTIVITY = 'none';
type ActivityChoice = CommentActivity | typeof NO_ACTIVITY;

export interface CommentsPanelProps {
  scope: ProspectScope;
  comments: readonly Comment[];
  /** Where drafts live (session storage by default); stories and tests pass their own. */
  drafts?: CommentDraftStore;
  /** The signed-in user: a comment shows its delete button only to its author, or to staff. */
  viewer: { id: number; isStaff: boolean };
}

/**
 * §2/§5 comments: add with content and/or an activity ('Either content or activity must be provided'),
 * delete with confirmation. The text being typed is kept as a draft until the server has saved it,
 * so a failed save (or closing the modal) never loses it.
 */
export function CommentsPanel({
  scope,
  comments,
  drafts = commentDrafts,
  viewer,
}: CommentsPanelProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { locale } = useLocale();
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const [draft, setDraftState] = useState<CommentDraft>(() => drafts.get(scope.prospectId));
  const [validation, setValidation] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  /** The comment whose deletion the server refused as someone else's: it says so beside that comment. */
  const [refusedId, setRefusedId] = useState<number | null>(null);

  const create = useMutation(createCommentMutationOptions(clients, queryClient));
  const remove = useMutation(deleteCommentMutationOptions(clients, queryClient));

  const setDraft = (next: CommentDraft) => {
    setDraftState(next);
    drafts.set(scope.prospectId, next);
    if (validation && validateComment(next) === null) setValidation(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (validateComment(draft) !== null) {
      setValidation(t(messages.commentRequired));
      return;
    }
    setValidation(null);
    setSaveError(null);
    try {
      await create.mutateAsync({ ...scope, comment: commentPayload(draft) });
      drafts.clear(scope.prospectId);
      setDraftState({ content: '', activity: '' });
      toast.success(t(messages.commentSaved));
    } catch {
      // The draft stays in the form and in the draft store: nothing typed is lost.
      setSaveError(t(messages.commentSaveError));
      toast.error(t(messages.commentSaveError));
    }
  };

  const deleteComment = async () => {
    if (!toDelete) return;
    setRefusedId(null);
    try {
      await remove.mutateAsync({ ...scope, commentId: toDelete.id });
    } catch (failure) {
      if (isNotYours(failure)) {
        // Trying again cannot help: the question closes and the comment says why it stays.
        setRefusedId(toDelete.id);
        return;
      }
      toast.error(t(messages.commentDeleteError));
      throw failure;
    }
  };

  const activityOptions = [
    { value: NO_ACTIVITY as ActivityChoice, label: t(messages.activityNone) },
    ...COMMENT_ACTIVITIES.map((activity) => ({
      value: activity as ActivityChoice,
      label: t(activityMessages[activity]),
    })),
  ];

  return (
    <section className={styles.section} aria-labelledby="prospect-comments-title">
      <h3 id="prospect-comments-title" className={styles.sectionTitle}>
        {t(messages.sectionComments)}
      </h3>
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="comment-form"
      >
        <TextArea
          label={t(messages.commentContentLabel)}
          placeholder={t(messages.commentContentPlaceholder)}
          value={draft.content}
          rows={3}
          maxLength={5000}
          aria-invalid={validation ? true : undefined}
          onChange={(event) => setDraft({ ...draft, content: event.target.value })}
        />
        <div className={styles.inlineForm}>
          <Select<ActivityChoice>
            className={styles.grow}
            label={t(messages.commentActivityLabel)}
            options={activityOptions}
            value={draft.activity === '' ? NO_ACTIVITY : draft.activity}
            onValueChange={(value) =>
              setDraft({ ...draft, activity: value === NO_ACTIVITY ? '' : value })
            }
          />
          <Button type="submit" loading={create.isPending}>
            {t(messages.commentSubmit)}
          </Button>
        </div>
        {validation && (
          <p className={styles.fieldError} role="alert" data-testid="comment-error">
            {validation}
          </p>
        )}
        {saveError && !validation && (
          <p className={styles.fieldError} role="alert" data-testid="comment-save-error">
            {saveError}
          </p>
        )}
      </form>
      {comments.length === 0 ? (
        <p className={styles.muted} data-testid="comment-list">
          {t(messages.commentsEmpty)}
        </p>
      ) : (
        <ol className={styles.list} data-testid="comment-list">
          {comments.map((comment) => (
            <li key={comment.id} className={styles.entry} data-testid="comment">
              <div className={styles.entryHead}>
                <span>
                  {t(messages.commentByOn, {
                    author: comment.author.full_name,
                    date: formatZurichDateTime(comment.created_at, locale),
                  })}
                </span>
                <span className={styles.actions}>
                  {comment.activity && (
                    <Badge tone="info">{t(activityMessages[comment.activity])}</Badge>
                  )}
                  {canDeleteComment(viewer, comment.author.id) && (
                    <IconButton
                      size="small"
                      icon={<TrashIcon />}
                      label={t(messages.commentDelete)}
                      onClick={() => setToDelete(comment)}
                    />
                  )}
                </span>
              </div>
              {comment.content.trim() !== '' && (
                <p className={styles.entryBody}>{comment.content}</p>
              )}
              {refusedId === comment.id && (
                <p className={styles.fieldError} role="alert" data-testid="comment-delete-refused">
                  {t(messages.commentNotYours)}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={t(messages.commentDeleteTitle)}
        description={t(messages.commentDeleteBody)}
        confirmLabel={t(messages.confirmYes)}
        cancelLabel={t(messages.confirmNo)}
        tone="danger"
        onConfirm={deleteComment}
      />
    </section>
  );
}

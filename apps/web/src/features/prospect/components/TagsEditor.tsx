import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  attachTagMutationOptions,
  deleteTagMutationOptions,
  detachTagMutationOptions,
  queryKeys,
  tagsQueryOptions,
  type Prospect,
  type ProspectScope,
  type Tag,
} from '@prospecta/api-client';
import { Button, ConfirmDialog, IconButton, TextField, toast } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { patchProspectEverywhere } from '../model/cache';
import { normaliseTagLabel, tagSuggestions } from '../model/tags';
import { messages } from '../messages';
import { CloseIcon, TrashIcon } from './icons';
import * as styles from './ProspectDetail.css';

type Tagged = { id: number; tags: Tag[] };

/**
 * Tags of a prospect (§2, §7): attach by label with suggestions from the owner's tag list,
 * detach (optimistic, undone with an error toast on failure), delete a tag everywhere (confirmed).
 */
export function TagsEditor({
  prospect,
  scope,
  ownerId,
}: {
  prospect: Prospect;
  scope: ProspectScope;
  ownerId: number | null;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Tag | null>(null);

  const tagList = useQuery(tagsQueryOptions(clients, ownerId));
  const attach = useMutation(attachTagMutationOptions(clients, queryClient));
  const detach = useMutation(detachTagMutationOptions(clients, queryClient));
  const remove = useMutation(deleteTagMutationOptions(clients, queryClient));

  const suggestions = useMemo(
    () => tagSuggestions(tagList.data?.tags ?? [], prospect.tags, label),
    [tagList.data, prospect.tags, label],
  );

  const attachLabel = async (raw: string) => {
    const wanted = normaliseTagLabel(raw);
    if (wanted === '') {
      setError(t(messages.tagLabelRequired));
      return;
    }
    if (prospect.tags.some((tag) => tag.label.toLocaleLowerCase() === wanted.toLocaleLowerCase())) {
      setError(t(messages.tagAlreadyAttached, { label: wanted }));
      return;
    }
    setError(null);
    try {
      const tag = await attach.mutateAsync({ ...scope, label: wanted });
      queryClient.setQueryData<Prospect>(queryKeys.prospect.detail(prospect.id), (current) =>
        current && !current.tags.some((existing) => existing.id === tag.id)
          ? { ...current, tags: [...current.tags, tag] }
          : current,
      );
      setLabel('');
    } catch {
      toast.error(t(messages.tagAttachError, { label: wanted }));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void attachLabel(label);
  };

  const detachTag = async (tag: Tag) => {
    const change = await patchProspectEverywhere<Tagged>(queryClient, prospect.id, (row) => ({
      ...row,
      tags: row.tags.filter((existing) => existing.id !== tag.id),
    }));
    try {
      await detach.mutateAsync({ ...scope, tagId: tag.id });
    } catch {
      change.undo();
      toast.error(t(messages.tagDetachError, { label: tag.label }));
    }
  };

  const deleteTag = async () => {
    if (!toDelete) return;
    const tag = toDelete;
    try {
      await remove.mutateAsync({ tagId: tag.id, userId: scope.userId });
      toast.success(t(messages.tagDeleted, { label: tag.label }));
    } catch (failure) {
      toast.error(t(messages.tagDeleteError, { label: tag.label }));
      throw failure;
    }
  };

  return (
    <section className={styles.section} aria-labelledby="prospect-tags-title">
      <h3 id="prospect-tags-title" className={styles.sectionTitle}>
        {t(messages.sectionTags)}
      </h3>
      {prospect.tags.length === 0 ? (
        <p className={styles.muted}>{t(messages.tagsEmpty)}</p>
      ) : (
        <ul className={styles.tags} data-testid="prospect-tags">
          {prospect.tags.map((tag) => (
            <li key={tag.id} className={styles.tag} data-testid="prospect-tag">
              <span className={styles.tagLabel} title={tag.label}>
                {tag.label}
              </span>
              <IconButton
                size="small"
                icon={<CloseIcon />}
                label={t(messages.tagDetach, { label: tag.label })}
                onClick={() => void detachTag(tag)}
              />
              <IconButton
                size="small"
                icon={<TrashIcon />}
                label={t(messages.tagDelete, { label: tag.label })}
                onClick={() => setToDelete(tag)}
              />
            </li>
          ))}
        </ul>
      )}
      <form className={styles.inlineForm} onSubmit={onSubmit} noValidate>
        <TextField
          className={styles.grow}
          label={t(messages.tagInputLabel)}
          placeholder={t(messages.tagInputPlaceholder)}
          value={label}
          maxLength={64}
          error={error ?? undefined}
          onChange={(event) => {
            setLabel(event.target.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" variant="secondary" loading={attach.isPending}>
          {t(messages.tagAdd)}
        </Button>
      </form>
      {suggestions.length > 0 && (
        <div
          role="group"
          aria-label={t(messages.tagSuggestions)}
          className={styles.tags}
          data-testid="tag-suggestions"
        >
          {suggestions.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className={styles.suggestion}
              onClick={() => void attachLabel(tag.label)}
            >
              {tag.label}
            </button>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete ? t(messages.tagDeleteTitle, { label: toDelete.label }) : ''}
        description={t(messages.tagDeleteBody)}
        confirmLabel={t(messages.confirmYes)}
        cancelLabel={t(messages.confirmNo)}
        tone="danger"
        onConfirm={deleteTag}
      />
    </section>
  );
}

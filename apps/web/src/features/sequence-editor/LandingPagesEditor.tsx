import { useEffect, useId, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Plus, Trash2 } from 'lucide-react';
import {
  landingPageErrors,
  landingPageKeyFrom,
  landingPageUrl,
  newLandingPage,
  type LandingPageFieldError,
} from '@prospecta/domain';
import type { LandingPage } from '@prospecta/domain/contract';
import { Button, EmptyState, IconButton, TextField } from '@prospecta/ui';
import { messages } from './messages';
import { useStableKeys } from './stepKeys';
import * as styles from './sequenceEditor.css';

export interface LandingPagesEditorProps {
  /** The campaign's landing pages (controlled). */
  landingPages: LandingPage[];
  /** Every change: an edited, added or deleted page, an undo. */
  onChange(pages: LandingPage[]): void;
  /** Read-only. */
  disabled?: boolean;
}

const errorMessages: Record<LandingPageFieldError, MessageDescriptor> = {
  name_missing: messages.errorNameMissing,
  url_missing: messages.errorUrlMissing,
  url_invalid: messages.errorUrlInvalid,
  key_missing: messages.errorKeyMissing,
  key_invalid: messages.errorKeyInvalid,
  key_duplicate: messages.errorKeyDuplicate,
};

const UTM_FIELDS = [
  ['utm_source', messages.utmSource, messages.utmSourcePlaceholder],
  ['utm_medium', messages.utmMedium, messages.utmMediumPlaceholder],
  ['utm_campaign', messages.utmCampaign, messages.utmCampaignPlaceholder],
  ['utm_content', messages.utmContent, messages.utmContentPlaceholder],
  ['utm_term', messages.utmTerm, messages.utmTermPlaceholder],
] as const;

type Field = 'name' | 'url' | 'key';
/** "Missing" errors wait until the field was left once; a wrong value shows at once. */
const isMissing = (error: LandingPageFieldError | undefined) => error?.endsWith('_missing');

/** A key the editor wrote itself (from the name, or the new page's), which may follow the name. */
function keyFollowsName(page: LandingPage, others: readonly string[]): boolean {
  return page.key === landingPageKeyFrom(page.name, others) || /^page(-\d+)?$/.test(page.key);
}

function PageEditor({
  page,
  index,
  pages,
  disabled,
  onEdit,
  onDelete,
}: {
  page: LandingPage;
  index: number;
  pages: readonly LandingPage[];
  disabled: boolean;
  onEdit: (page: LandingPage) => void;
  onDelete: () => void;
}) {
  const t = useIntl().formatMessage;
  const titleId = useId();
  const [left, setLeft] = useState<ReadonlySet<Field>>(new Set());
  const errors = landingPageErrors(pages, index);
  const position = index + 1;
  const otherKeys = pages.filter((_, i) => i !== index).map((p) => p.key);
  const shown = (field: Field) => {
    const error = errors[field];
    if (!error || (isMissing(error) && !left.has(field))) return undefined;
    return t(errorMessages[error]);
  };
  const leave = (field: Field) => () => setLeft((all) => new Set(all).add(field));
  let finalUrl: string | null = null;
  if (!errors.url) finalUrl = landingPageUrl(page);

  return (
    <article className={styles.step} aria-labelledby={titleId} data-testid="landing-page">
      <header className={styles.stepHeader}>
        <h3 id={titleId} className={styles.stepTitle}>
          {page.name.trim()
            ? t(messages.pageTitle, { position, name: page.name.trim() })
            : t(messages.pageTitleUnnamed, { position })}
        </h3>
        {!disabled && (
          <span className={styles.headerActions}>
            <IconButton
              icon={<Trash2 size={16} />}
              label={t(messages.deletePage, { position })}
              onClick={onDelete}
            />
          </span>
        )}
      </header>
      <div className={styles.pageGrid}>
        <TextField
          label={t(messages.pageName)}
          placeholder={t(messages.pageNamePlaceholder)}
          value={page.name}
          maxLength={200}
          required
          disabled={disabled}
          error={shown('name')}
          onBlur={leave('name')}
          onChange={(event) => {
            const name = event.target.value;
            const key = keyFollowsName(page, otherKeys)
              ? landingPageKeyFrom(name, otherKeys)
              : page.key;
            onEdit({ ...page, name, key });
          }}
        />
        <TextField
          label={t(messages.pageUrl)}
          placeholder={t(messages.pageUrlPlaceholder)}
          type="url"
          value={page.url}
          maxLength={2000}
          required
          disabled={disabled}
          error={shown('url')}
          onBlur={leave('url')}
          onChange={(event) => onEdit({ ...page, url: event.target.value.trim() })}
        />
        <TextField
          label={t(messages.pageKey)}
          value={page.key}
          maxLength={40}
          required
          disabled={disabled}
          error={shown('key')}
          hint={t(messages.pageKeyHint, { tag: `{{link:${page.key || '…'}|…}}` })}
          onBlur={leave('key')}
          onChange={(event) => onEdit({ ...page, key: event.target.value })}
        />
      </div>
      <fieldset className={styles.fieldset} disabled={disabled}>
        <legend className={styles.legend}>{t(messages.utmLegend)}</legend>
        <div className={styles.utmGrid}>
          {UTM_FIELDS.map(([field, label, placeholder]) => (
            <TextField
              key={field}
              label={t(label)}
              placeholder={t(placeholder)}
              value={page[field]}
              maxLength={200}
              disabled={disabled}
              onChange={(event) => onEdit({ ...page, [field]: event.target.value })}
            />
          ))}
        </div>
      </fieldset>
      <div className={styles.panel}>
        <p className={styles.previewLabel}>{t(messages.finalUrl)}</p>
        {finalUrl ? (
          <p className={styles.finalUrl} data-testid="final-url">
            {finalUrl}
          </p>
        ) : (
          <p className={styles.muted}>{t(messages.finalUrlPending)}</p>
        )}
      </div>
    </article>
  );
}

/**
 * Builder step 4: the campaign's landing pages, each with its name, address (http or https), the key the links use
 * and its UTM parameters, and the final address with them. Controlled; the domain checks each field.
 */
export function LandingPagesEditor({
  landingPages,
  onChange,
  disabled = false,
}: LandingPagesEditorProps) {
  const t = useIntl().formatMessage;
  const keys = useStableKeys(landingPages);
  const rootRef = useRef<HTMLDivElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState('');
  const [removed, setRemoved] = useState<{ page: LandingPage; index: number } | null>(null);
  /** What takes the focus once the owner has rendered the change: a page's first field, or the undo button. */
  const pendingFocus = useRef<number | 'undo' | null>(null);

  useEffect(() => {
    const pending = pendingFocus.current;
    if (pending === null) return;
    pendingFocus.current = null;
    if (pending === 'undo') {
      undoRef.current?.focus();
      return;
    }
    const page = rootRef.current?.querySelectorAll('[data-testid="landing-page"]')[pending];
    page?.querySelector('input')?.focus();
  });

  const add = () => {
    onChange([...landingPages, newLandingPage(landingPages)]);
    setRemoved(null);
    setStatus(t(messages.pageAdded, { position: landingPages.length + 1 }));
    pendingFocus.current = landingPages.length;
  };
  const remove = (index: number) => {
    const page = landingPages[index];
    if (!page) return;
    onChange(landingPages.filter((_, i) => i !== index));
    setRemoved({ page, index });
    setStatus(t(messages.pageDeleted, { position: index + 1 }));
    pendingFocus.current = 'undo';
  };
  const undo = () => {
    if (!removed) return;
    const index = Math.min(removed.index, landingPages.length);
    onChange([...landingPages.slice(0, index), removed.page, ...landingPages.slice(index)]);
    setRemoved(null);
    setStatus(t(messages.pageRestored, { position: index + 1 }));
    pendingFocus.current = index;
  };

  return (
    <div ref={rootRef} className={styles.editor} data-testid="landing-pages-editor">
      {landingPages.length === 0 ? (
        <EmptyState
          title={t(messages.pagesEmptyTitle)}
          description={t(messages.pagesEmptyDescription)}
          titleLevel={3}
        />
      ) : (
        <ul className={styles.list} aria-label={t(messages.pagesLabel)}>
          {landingPages.map((page, index) => (
            <li key={keys[index] ?? index}>
              <PageEditor
                page={page}
                index={index}
                pages={landingPages}
                disabled={disabled}
                onEdit={(next) => onChange(landingPages.map((p, i) => (i === index ? next : p)))}
                onDelete={() => remove(index)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.statusBar}>
        <span role="status" data-testid="landing-pages-status">
          {status}
        </span>
        {removed && !disabled && (
          <Button ref={undoRef} variant="secondary" size="small" onClick={undo}>
            {t(messages.undo)}
          </Button>
        )}
      </div>
      {!disabled && (
        <div className={styles.addBar}>
          <Button variant="secondary" icon={<Plus size={16} />} onClick={add}>
            {t(messages.addPage)}
          </Button>
        </div>
      )}
    </div>
  );
}

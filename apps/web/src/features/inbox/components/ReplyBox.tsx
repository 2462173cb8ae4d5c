import {
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Reply, Send } from 'lucide-react';
import {
  answerInboxMessageMutationOptions,
  ApiError,
  emailAccountsQueryOptions,
  type EmailAccount,
  type InboxItem,
} from '@prospecta/api-client';
import { ANSWER_MAX_LENGTH, isAnswerErrorCode, isSendableAnswer } from '@prospecta/domain';
import { Button, Select, TextArea } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { answerErrorMessages, messages } from '../messages';
import * as styles from './ReplyBox.css';

/** What the page's `r` shortcut asks of the box. */
export interface ReplyBoxHandle {
  open: () => void;
}

export interface ReplyBoxProps {
  item: InboxItem;
  /** The owner of the inbox (the signed-in user: only they answer from their mailboxes). */
  userId: number;
  /** The prospect's name, as the pane's heading writes it. */
  name: string;
  handleRef?: Ref<ReplyBoxHandle>;
  /** Opened at first (stories). */
  defaultOpen?: boolean;
}

const DEFAULT_MAILBOX = 'default';

/** One key per press of Send: the server never sends the same key twice. */
function newKey(): string {
  return crypto.randomUUID();
}

/** A mailbox the answer can leave from: connected, and not paused by the engine. */
const canSend = (account: EmailAccount) => account.is_valid && !account.sending_paused_reason;

/**
 * The answer to a prospect's e-mail, under the pane's header (decision 0225). Closed: one button (`r` opens it).
 * Open: the mailbox to send from (by default the one that wrote to the prospect), the text, Send (Ctrl/⌘ + Enter).
 * Sending: the button waits and a second press does nothing. Failed: why, in one sentence, and the text kept.
 * Sent: the box closes, says where it went, and the answer shows in the conversation below.
 */
export function ReplyBox({ item, userId, name, handleRef, defaultOpen = false }: ReplyBoxProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const [text, setText] = useState('');
  const [mailbox, setMailbox] = useState(DEFAULT_MAILBOX);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the box has opened (the field) or closed after a send (its button): moved after the
  // render that shows it, not on a later frame, which may come before that render (the element not there yet).
  const [focusRequest, setFocusRequest] = useState<{ target: 'field' | 'button' } | null>(null);
  useLayoutEffect(() => {
    if (focusRequest?.target === 'field') textRef.current?.focus();
    else if (focusRequest?.target === 'button') openButtonRef.current?.focus();
  }, [focusRequest]);
  const accounts = useQuery({ ...emailAccountsQueryOptions(clients, null), enabled: open });
  const mutation = useMutation(answerInboxMessageMutationOptions(clients, queryClient));

  const openBox = () => {
    setOpen(true);
    mutation.reset();
    setFocusRequest({ target: 'field' });
  };
  useImperativeHandle(handleRef, () => ({ open: openBox }));

  const send = () => {
    // A double press, or Ctrl/⌘ + Enter while it sends: one request only.
    if (mutation.isPending || !isSendableAnswer(text)) return;
    mutation.mutate(
      {
        userId,
        messageId: item.id,
        prospectId: item.prospect.id,
        body: text,
        idempotency_key: newKey(),
        email_account_id: mailbox === DEFAULT_MAILBOX ? null : Number(mailbox),
      },
      {
        onSuccess: () => {
          setText('');
          setOpen(false);
          setFocusRequest({ target: 'button' });
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  const failure = mutation.error;
  const reason =
    failure instanceof ApiError &&
    typeof failure.body === 'object' &&
    failure.body !== null &&
    isAnswerErrorCode((failure.body as { code?: unknown }).code)
      ? t(answerErrorMessages[(failure.body as { code: keyof typeof answerErrorMessages }).code])
      : t(messages.replyErrorUnexpected);

  if (!open) {
    return (
      <section className={styles.closed} data-testid="reply-box" data-state="closed">
        <Button
          ref={openButtonRef}
          variant="secondary"
          size="small"
          icon={<Reply size={16} aria-hidden="true" />}
          onClick={openBox}
          aria-keyshortcuts="r"
        >
          {t(messages.replyOpen)}
        </Button>
        {mutation.isSuccess ? (
          <p className={styles.sent} role="status" data-testid="reply-sent">
            {t(messages.replySent, { from: mutation.data.from, to: mutation.data.to })}
          </p>
        ) : null}
      </section>
    );
  }

  const senders = (accounts.data?.email_accounts_list ?? []).filter(canSend);
  const state = mutation.isPending
    ? 'sending'
    : mutation.isError
      ? 'failed'
      : text.trim() === ''
        ? 'empty'
        : 'typing';
  const titleId = `reply-title-${item.id}`;
  return (
    <section
      className={styles.box}
      aria-labelledby={titleId}
      aria-busy={mutation.isPending || undefined}
      data-testid="reply-box"
      data-state={state}
    >
      <h3 id={titleId} className={styles.title}>
        {t(messages.replyTitle)}
      </h3>
      {senders.length > 0 ? (
        <Select
          label={t(messages.replyFrom)}
          labelPosition="start"
          value={mailbox}
          onValueChange={setMailbox}
          disabled={mutation.isPending}
          options={[
            { value: DEFAULT_MAILBOX, label: t(messages.replyFromDefault) },
            ...senders.map((account) => ({ value: String(account.id), label: account.email })),
          ]}
        />
      ) : null}
      <TextArea
        ref={textRef}
        className={styles.textarea}
        label={t(messages.replyLabel, { name })}
        hint={t(messages.replyHint)}
        rows={6}
        maxLength={ANSWER_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        readOnly={mutation.isPending}
        data-testid="reply-text"
      />
      {mutation.isError ? (
        <div className={styles.error} role="alert" data-testid="reply-error">
          <p className={styles.errorTitle}>{t(messages.replyFailedTitle)}</p>
          <p className={styles.errorText}>{reason}</p>
          <p className={styles.errorText}>{t(messages.replyKept)}</p>
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="ghost"
          size="small"
          onClick={() => setOpen(false)}
          disabled={mutation.isPending}
        >
          {t(messages.replyCancel)}
        </Button>
        <Button
          size="small"
          icon={<Send size={16} aria-hidden="true" />}
          onClick={send}
          loading={mutation.isPending}
          disabled={!isSendableAnswer(text)}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {mutation.isPending ? t(messages.replySending) : t(messages.replySend)}
        </Button>
      </div>
    </section>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateEmailAccountMutationOptions, type EmailAccount } from '@prospecta/api-client';
import {
  EMAIL_SIGNATURE_MAX_LENGTH,
  EMAIL_SIGNATURE_MAX_LINES,
  signatureProblem,
  type SignatureProblem,
} from '@prospecta/domain';
import { Button, Dialog, TextArea, toast } from '@prospecta/ui';
import { useApiClients } from '../../core/hooks';
import { signatureMessages as messages } from './messages';
import { INTEGRATION_TOAST_POSITION } from './model';
import * as styles from './integrations.css';

const PROBLEMS = {
  too_long: messages.signatureTooLong,
  too_many_lines: messages.signatureTooManyLines,
  separator: messages.signatureSeparator,
} as const satisfies Record<SignatureProblem, MessageDescriptor>;

const LIMITS = { max: EMAIL_SIGNATURE_MAX_LENGTH, lines: EMAIL_SIGNATURE_MAX_LINES };

/**
 * The signature of a mailbox (decision 0226), in a small dialog opened from its row: plain text, checked as the
 * server checks it (length, lines, no `--` line) when saved; saved, the dialog closes and a toast says so; refused,
 * the text stays.
 */
export function SignatureDialog({
  account,
  onClose,
}: {
  /** The mailbox whose signature is edited; null: closed. */
  account: EmailAccount | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={account ? t(messages.signatureTitle, { name: account.email }) : ''}
      description={t(messages.signatureDescription)}
      closeLabel={t(messages.signatureCancel)}
      size="medium"
    >
      {account ? <SignatureForm key={account.id} account={account} onClose={onClose} /> : null}
    </Dialog>
  );
}

function SignatureForm({ account, onClose }: { account: EmailAccount; onClose: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const save = useMutation(updateEmailAccountMutationOptions(clients, queryClient));
  const [text, setText] = useState(account.signature);
  const [checked, setChecked] = useState(false);
  const problem = checked ? signatureProblem(text) : null;
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // The text is what the dialog is for: it has the focus (the dialog keeps a focus already inside it).
  useEffect(() => fieldRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (signatureProblem(text) || save.isPending) return;
    save.mutate(
      { accountId: account.id, signature: text },
      {
        onSuccess: () => {
          toast.success(t(messages.signatureSaved, { name: account.email }), {
            position: INTEGRATION_TOAST_POSITION,
          });
          onClose();
        },
        onError: () =>
          toast.error(t(messages.signatureSaveFailed), { position: INTEGRATION_TOAST_POSITION }),
      },
    );
  };

  return (
    <form
      className={styles.signatureForm}
      onSubmit={submit}
      noValidate
      data-testid="signature-form"
    >
      <TextArea
        label={t(messages.signatureField)}
        hint={t(messages.signatureHint, LIMITS)}
        error={problem ? t(PROBLEMS[problem], LIMITS) : undefined}
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        ref={fieldRef}
      />
      <div className={styles.signatureActions}>
        <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
          {t(messages.signatureCancel)}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t(messages.signatureSave)}
        </Button>
      </div>
    </form>
  );
}

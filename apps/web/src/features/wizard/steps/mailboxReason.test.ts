import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { MAILBOX_PAUSE_REASONS } from '@prospecta/domain';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import { mailboxReason } from './SettingsStep';

const english = createIntl({ locale: 'en', messages: en });
const french = createIntl({ locale: 'fr', messages: fr });
const mailbox = (unavailable_reason: string | null) => ({
  id: 1,
  email: 'a@example.com',
  name: 'a',
  is_valid: unavailable_reason === null,
  unavailable_reason,
});

describe('mailboxReason', () => {
  it('says nothing for a mailbox that can send', () => {
    expect(mailboxReason(english, mailbox(null))).toBeNull();
  });

  it('writes a sentence of its own for each reason the engine pauses a mailbox, in both languages', () => {
    const invalid = mailboxReason(english, mailbox('account_invalid'));
    const texts = MAILBOX_PAUSE_REASONS.map((reason) => mailboxReason(english, mailbox(reason)));
    expect(new Set([...texts, invalid]).size).toBe(MAILBOX_PAUSE_REASONS.length + 1);
    for (const reason of MAILBOX_PAUSE_REASONS)
      expect(mailboxReason(french, mailbox(reason))).toMatch(/^Envoi impossible\u00a0: /);
    expect(mailboxReason(english, mailbox('bounce_rate'))).toContain(
      'too many of its last e-mails bounced',
    );
  });
});

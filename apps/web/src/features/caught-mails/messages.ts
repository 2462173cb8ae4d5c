import { defineMessage, defineMessages } from 'react-intl';

/** Every text of the caught mails page. Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  ...defineMessages({
    title: { id: 'caughtMails.title', defaultMessage: 'Caught mails' },
    intro: {
      id: 'caughtMails.intro',
      defaultMessage:
        'The mails this server sent while its local catcher runs: campaign mails and its own. None of them left this machine.',
    },
    listLabel: { id: 'caughtMails.list_label', defaultMessage: 'Caught mails, newest first' },
    loading: { id: 'caughtMails.loading', defaultMessage: 'Loading the caught mails…' },
    errorTitle: {
      id: 'caughtMails.error_title',
      defaultMessage: 'The caught mails could not be loaded.',
    },
    mailErrorTitle: {
      id: 'caughtMails.mail_error_title',
      defaultMessage: 'This mail could not be loaded.',
    },
    gone: {
      id: 'caughtMails.gone',
      defaultMessage: 'This mail is not kept any more: the catcher keeps only the newest ones.',
    },
    emptyTitle: { id: 'caughtMails.empty_title', defaultMessage: 'No mail caught yet' },
    emptyBody: {
      id: 'caughtMails.empty_body',
      defaultMessage:
        'Launch a demo campaign or ask for a password reset: the mails appear here instead of reaching anyone.',
    },
    selectPrompt: { id: 'caughtMails.select_prompt', defaultMessage: 'Choose a mail to read it.' },
    backToList: { id: 'caughtMails.back_to_list', defaultMessage: 'Back to the list' },
    noSubject: { id: 'caughtMails.no_subject', defaultMessage: '(no subject)' },
    from: { id: 'caughtMails.from', defaultMessage: 'From' },
    to: { id: 'caughtMails.to', defaultMessage: 'To' },
    date: { id: 'caughtMails.date', defaultMessage: 'Date' },
    envelope: { id: 'caughtMails.envelope', defaultMessage: 'Envelope' },
    nullSender: { id: 'caughtMails.null_sender', defaultMessage: 'no sender' },
    headersTitle: { id: 'caughtMails.headers_title', defaultMessage: 'Headers' },
    absent: { id: 'caughtMails.absent', defaultMessage: 'absent' },
    htmlTitle: { id: 'caughtMails.html_title', defaultMessage: 'HTML part' },
    htmlFrame: {
      id: 'caughtMails.html_frame',
      defaultMessage: 'The HTML part of the mail, without its scripts',
    },
    htmlNote: {
      id: 'caughtMails.html_note',
      defaultMessage:
        'Shown without scripts. Its links open in a new tab, as the prospect would follow them.',
    },
    noHtml: { id: 'caughtMails.no_html', defaultMessage: 'This mail has no HTML part.' },
    textTitle: { id: 'caughtMails.text_title', defaultMessage: 'Text part' },
    noText: { id: 'caughtMails.no_text', defaultMessage: 'This mail has no text part.' },
  }),
  count: defineMessage<{ count: number }>({
    id: 'caughtMails.count',
    defaultMessage: '{count, plural, one {# mail} other {# mails}}',
  }),
  toLine: defineMessage<{ to: string }>({ id: 'caughtMails.to_line', defaultMessage: 'To: {to}' }),
  noDate: defineMessage<{ received: string }>({
    id: 'caughtMails.no_date',
    defaultMessage: 'none (received {received})',
  }),
  envelopeValue: defineMessage<{ from: string; to: string }>({
    id: 'caughtMails.envelope_value',
    defaultMessage: 'from {from} to {to}',
  }),
  sourceTitle: defineMessage<{ size: number }>({
    id: 'caughtMails.source_title',
    defaultMessage: 'Source ({size, number} bytes)',
  }),
};

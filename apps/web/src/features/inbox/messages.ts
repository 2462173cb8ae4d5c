import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { AnswerErrorCode } from '@prospecta/domain';

/** Every text of the inbox and of the unread-answers modal (§2 Inbox). Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  ...defineMessages({
    title: { id: 'inbox.title', defaultMessage: 'Inbox' },
    listLabel: { id: 'inbox.list_label', defaultMessage: 'Last answers' },
    unread: { id: 'inbox.unread', defaultMessage: 'Unread' },
    emptyTitle: { id: 'inbox.empty_title', defaultMessage: 'No answers' },
    emptyBody: {
      id: 'inbox.empty_body',
      defaultMessage:
        'Every answer has been handled. New answers of your prospects will show up here.',
    },
    noMessagesTitle: { id: 'inbox.no_messages_title', defaultMessage: 'No messages' },
    noMessagesBody: {
      id: 'inbox.no_messages_body',
      defaultMessage: 'No message has been exchanged with this prospect yet.',
    },
    selectPrompt: {
      id: 'inbox.select_prompt',
      defaultMessage: 'Choose an answer in the list to read it.',
    },
    loading: { id: 'inbox.loading', defaultMessage: 'Loading the inbox…' },
    errorTitle: { id: 'inbox.error_title', defaultMessage: 'The inbox could not be loaded.' },
    historyTitle: { id: 'inbox.history_title', defaultMessage: 'History, newest first' },
    historyLoading: { id: 'inbox.history_loading', defaultMessage: 'Loading the history…' },
    historyError: {
      id: 'inbox.history_error',
      defaultMessage: 'The history of this prospect could not be loaded.',
    },
    actions: { id: 'inbox.actions', defaultMessage: 'Actions' },
    openProspect: { id: 'inbox.open_prospect', defaultMessage: 'Open the details' },
    backToList: { id: 'inbox.back_to_list', defaultMessage: 'Back to the list' },
    channelEmail: { id: 'inbox.channel_email', defaultMessage: 'E-mail' },
    channelLinkedin: { id: 'inbox.channel_linkedin', defaultMessage: 'LinkedIn message' },
    received: { id: 'inbox.received', defaultMessage: 'Answer received' },
    sent: { id: 'inbox.sent', defaultMessage: 'Message sent' },
    showImages: { id: 'inbox.show_images', defaultMessage: 'Show the images' },
    shortcuts: { id: 'inbox.shortcuts', defaultMessage: 'Keyboard shortcuts' },
    shortcutNext: { id: 'inbox.shortcut_next', defaultMessage: 'Next answer' },
    shortcutPrevious: { id: 'inbox.shortcut_previous', defaultMessage: 'Previous answer' },
    shortcutOpen: {
      id: 'inbox.shortcut_open',
      defaultMessage: 'Open the selected answer (its prospect details)',
    },
    shortcutConvert: {
      id: 'inbox.shortcut_convert',
      defaultMessage: 'Asks for confirmation (c for convert).',
    },
    shortcutLose: {
      id: 'inbox.shortcut_lose',
      defaultMessage: 'Asks for confirmation (l for lost).',
    },
    shortcutNurture: {
      id: 'inbox.shortcut_nurture',
      defaultMessage: 'Asks for confirmation (n for nurture).',
    },
    keyEnter: { id: 'inbox.key_enter', defaultMessage: 'Enter' },
    shortcutHelp: { id: 'inbox.shortcut_help', defaultMessage: 'Show this list of shortcuts' },
    close: { id: 'inbox.close', defaultMessage: 'Close' },
    replyOpen: { id: 'inbox.reply_open', defaultMessage: 'Answer by e-mail' },
    replyTitle: { id: 'inbox.reply_title', defaultMessage: 'Your answer' },
    replyHint: {
      id: 'inbox.reply_hint',
      defaultMessage:
        'Plain text; links are sent as you write them. Your mailbox’s signature, then the prospect’s message quoted, are added below. Ctrl/⌘ + Enter sends.',
    },
    replyFrom: { id: 'inbox.reply_from', defaultMessage: 'Send from' },
    replyFromDefault: {
      id: 'inbox.reply_from_default',
      defaultMessage: 'The mailbox that wrote to this prospect',
    },
    replySend: { id: 'inbox.reply_send', defaultMessage: 'Send' },
    replySending: { id: 'inbox.reply_sending', defaultMessage: 'Sending the answer…' },
    replyCancel: { id: 'inbox.reply_cancel', defaultMessage: 'Close the answer' },
    replyFailedTitle: {
      id: 'inbox.reply_failed_title',
      defaultMessage: 'The answer was not sent.',
    },
    replyKept: {
      id: 'inbox.reply_kept',
      defaultMessage:
        'Your text is kept: send it again once the cause is fixed, or from another mailbox.',
    },
    replyErrorUnexpected: {
      id: 'inbox.reply_error_unexpected',
      defaultMessage: 'An unexpected error occurred, please try again.',
    },
    shortcutReply: { id: 'inbox.shortcut_reply', defaultMessage: 'Answer the selected e-mail' },
    shortcutSend: {
      id: 'inbox.shortcut_send',
      defaultMessage: 'Send the answer (in the answer box)',
    },
    keyCtrlEnter: { id: 'inbox.key_ctrl_enter', defaultMessage: 'Ctrl/⌘ + Enter' },
    modalTitle: { id: 'inbox.modal_title', defaultMessage: 'Unread answers' },
    modalPrevious: { id: 'inbox.modal_previous', defaultMessage: 'Previous' },
    modalNext: { id: 'inbox.modal_next', defaultMessage: 'Next' },
    modalOpenInInbox: { id: 'inbox.modal_open_in_inbox', defaultMessage: 'Open in the inbox' },
    modalHandled: { id: 'inbox.modal_handled', defaultMessage: 'This answer has been handled.' },
  }),
  filtersLabel: { id: 'inbox.filters_label', defaultMessage: 'Filter the answers' },
  filters: {
    needs_answer: defineMessage<{ count: number }>({
      id: 'inbox.filter_needs_answer',
      defaultMessage: 'To answer ({count})',
    }),
    interested: defineMessage<{ count: number }>({
      id: 'inbox.filter_interested',
      defaultMessage: 'Interested ({count})',
    }),
    auto_replies: defineMessage<{ count: number }>({
      id: 'inbox.filter_auto_replies',
      defaultMessage: 'Automatic replies ({count})',
    }),
    all: defineMessage<{ count: number }>({
      id: 'inbox.filter_all',
      defaultMessage: 'All ({count})',
    }),
  },
  /** What an empty filter says (all: the inbox's own empty state). */
  filterEmpty: {
    needs_answer: defineMessages({
      title: {
        id: 'inbox.filter_empty_needs_answer_title',
        defaultMessage: 'No answer waits for yours',
      },
      body: {
        id: 'inbox.filter_empty_needs_answer_body',
        defaultMessage:
          'The answers that need none (automatic replies, refusals, unsubscribe requests) are under All.',
      },
    }),
    interested: defineMessages({
      title: { id: 'inbox.filter_empty_interested_title', defaultMessage: 'No interested answer' },
      body: {
        id: 'inbox.filter_empty_interested_body',
        defaultMessage: 'The answers labelled Interested or Meeting requested show here.',
      },
    }),
    auto_replies: defineMessages({
      title: { id: 'inbox.filter_empty_auto_replies_title', defaultMessage: 'No automatic reply' },
      body: {
        id: 'inbox.filter_empty_auto_replies_body',
        defaultMessage:
          'Out-of-office and other automatic replies show here; they never count among the answers to handle.',
      },
    }),
  },
  filterShowAll: { id: 'inbox.filter_show_all', defaultMessage: 'Show all the answers' },
  rowLabel: defineMessage<{ label: string }>({
    id: 'inbox.row_label',
    defaultMessage: 'Label: {label}',
  }),
  labelField: { id: 'inbox.label_field', defaultMessage: 'Label of this answer' },
  labelPlaceholder: { id: 'inbox.label_placeholder', defaultMessage: 'Choose a label' },
  labelSuggested: {
    id: 'inbox.label_suggested',
    defaultMessage: 'Suggested when the answer arrived: check it and change it if it is wrong.',
  },
  labelSuggestedUnsure: {
    id: 'inbox.label_suggested_unsure',
    defaultMessage:
      'Suggested when the answer arrived, with little certainty: check it and change it if it is wrong.',
  },
  labelByUser: {
    id: 'inbox.label_by_user',
    defaultMessage: 'Chosen by hand; the history says who changed it.',
  },
  labelNone: { id: 'inbox.label_none', defaultMessage: 'No label was suggested for this answer.' },
  labelSaving: { id: 'inbox.label_saving', defaultMessage: 'Saving the label…' },
  labelFailed: defineMessage<{ label: string }>({
    id: 'inbox.label_failed',
    defaultMessage: 'The label could not be changed; it is back to “{label}”. Please try again.',
  }),
  labelFailedNone: {
    id: 'inbox.label_failed_none',
    defaultMessage: 'The label could not be changed. Please try again.',
  },
  labelUnsubscribed: {
    id: 'inbox.label_unsubscribed',
    defaultMessage:
      'The prospect is unsubscribed: the address is on the suppression list and the sequence is stopped. Another label takes the address off the list again, unless the prospect also used the unsubscribe link or a mail to the address came back undelivered.',
  },
  unsubscribeConfirmTitle: defineMessage<{ name: string }>({
    id: 'inbox.unsubscribe_confirm_title',
    defaultMessage: 'Unsubscribe {name}?',
  }),
  unsubscribeConfirmBody: defineMessage<{ label: string }>({
    id: 'inbox.unsubscribe_confirm_body',
    defaultMessage:
      'Labelled “{label}”, this answer unsubscribes the prospect as the unsubscribe link does: the sequence stops and the address goes on the suppression list, so no campaign writes to it again.',
  }),
  unsubscribeConfirmYes: {
    id: 'inbox.unsubscribe_confirm_yes',
    defaultMessage: 'Label and unsubscribe',
  },
  unsubscribeConfirmNo: { id: 'inbox.unsubscribe_confirm_no', defaultMessage: 'Keep the label' },
  answeredOn: defineMessage<{ date: string }>({
    id: 'inbox.answered_on',
    defaultMessage: 'Answered from the inbox on {date}.',
  }),
  rowAnswered: defineMessage<{ date: string }>({
    id: 'inbox.row_answered',
    defaultMessage: 'Answered on {date}',
  }),
  referral: defineMessage<{ address: string }>({
    id: 'inbox.referral',
    defaultMessage: 'Points to {address} as the right contact.',
  }),
  toHandle: defineMessage<{ count: number }>({
    id: 'inbox.to_handle',
    defaultMessage:
      '{count, plural, =0 {No answer to handle} one {# answer to handle} other {# answers to handle}}',
  }),
  summary: defineMessage<{ count: number; unread: number }>({
    id: 'inbox.summary',
    defaultMessage:
      '{count, plural, =0 {No answer to handle} one {# answer to handle} other {# answers to handle}}, {unread, plural, =0 {all read} one {# unread} other {# unread}}',
  }),
  showMore: defineMessage<{ count: number }>({
    id: 'inbox.show_more',
    defaultMessage: '{count, plural, one {Show # more answer} other {Show # more answers}}',
  }),
  campaign: defineMessage<{ name: string }>({
    id: 'inbox.campaign',
    defaultMessage: 'Campaign: {name}',
  }),
  imagesBlocked: defineMessage<{ count: number }>({
    id: 'inbox.images_blocked',
    defaultMessage:
      '{count, plural, one {This message holds # remote image, not loaded to protect your privacy.} other {This message holds # remote images, not loaded to protect your privacy.}}',
  }),
  modalPosition: defineMessage<{ index: number; total: number }>({
    id: 'inbox.modal_position',
    defaultMessage: 'Answer {index} of {total}',
  }),
  replyLabel: defineMessage<{ name: string }>({
    id: 'inbox.reply_label',
    defaultMessage: 'Your answer to {name}',
  }),
  replySent: defineMessage<{ from: string; to: string }>({
    id: 'inbox.reply_sent',
    defaultMessage: 'Answer sent from {from} to {to}.',
  }),
  modalProspect: defineMessage<{ name: string; company: string }>({
    id: 'inbox.modal_prospect',
    defaultMessage: '{name}, {company}',
  }),
};

/** Why an answer was not sent, one sentence per code of the server (decision 0225). */
export const answerErrorMessages = defineMessages({
  answer_mailbox_invalid: {
    id: 'inbox.reply_error_answer_mailbox_invalid',
    defaultMessage:
      'This mailbox is not connected: its check or its sign-in failed. Validate it in Integrations, or choose another one.',
  },
  answer_mailbox_paused: {
    id: 'inbox.reply_error_answer_mailbox_paused',
    defaultMessage:
      'Sending from this mailbox is paused. Resume it in Integrations, or choose another mailbox.',
  },
  answer_no_mailbox: {
    id: 'inbox.reply_error_answer_no_mailbox',
    defaultMessage: 'No mailbox can send this answer. Connect one in Integrations.',
  },
  answer_not_email: {
    id: 'inbox.reply_error_answer_not_email',
    defaultMessage: 'This answer came by LinkedIn: answer it on LinkedIn.',
  },
  answer_refused: {
    id: 'inbox.reply_error_answer_refused',
    defaultMessage:
      'The mail server refused the answer. Check the prospect’s address, or try again later.',
  },
  answer_credentials_refused: {
    id: 'inbox.reply_error_answer_credentials_refused',
    defaultMessage:
      'The mail server refused the mailbox’s sign-in. Update its password or sign in again in Integrations.',
  },
  answer_timeout: {
    id: 'inbox.reply_error_answer_timeout',
    defaultMessage:
      'The mail server did not answer in time. The answer may or may not have left: check your sent mail before sending it again.',
  },
  answer_failed: {
    id: 'inbox.reply_error_answer_failed',
    defaultMessage:
      'The mail server could not be reached safely. Check the mailbox’s server settings in Integrations.',
  },
  answer_in_progress: {
    id: 'inbox.reply_error_answer_in_progress',
    defaultMessage:
      'An answer to this message is already being sent. Wait a moment, then look at the conversation.',
  },
}) satisfies Record<AnswerErrorCode, MessageDescriptor>;

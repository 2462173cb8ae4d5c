import { defineMessage, defineMessages } from 'react-intl';

/** Every text of the staff's outgoing webhooks section. Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  ...defineMessages({
    title: { id: 'webhooks.title', defaultMessage: 'Outgoing webhooks' },
    description: {
      id: 'webhooks.description',
      defaultMessage:
        'Prospecta calls these addresses of the customer’s other systems (a CRM, an automation tool) when a prospect replies, when a prospect’s status changes and when a campaign ends. Only staff see and change them.',
    },
    loadError: { id: 'webhooks.load_error', defaultMessage: 'The webhooks could not be loaded.' },
    emptyTitle: { id: 'webhooks.empty_title', defaultMessage: 'No webhook yet' },
    emptyBody: {
      id: 'webhooks.empty_body',
      defaultMessage:
        'Add the address of a system that should be told what happens in this customer’s campaigns.',
    },
    listLabel: { id: 'webhooks.list_label', defaultMessage: 'Webhooks of this customer' },
    active: { id: 'webhooks.active', defaultMessage: 'Active' },
    inactive: { id: 'webhooks.inactive', defaultMessage: 'Switched off' },
    sendTest: { id: 'webhooks.send_test', defaultMessage: 'Send a test event' },
    showLog: { id: 'webhooks.show_log', defaultMessage: 'Delivery log' },
    switchOff: { id: 'webhooks.switch_off', defaultMessage: 'Switch off' },
    switchOn: { id: 'webhooks.switch_on', defaultMessage: 'Switch on' },
    remove: { id: 'webhooks.remove', defaultMessage: 'Delete' },
    rotate: { id: 'webhooks.rotate', defaultMessage: 'Replace the secret' },
    testQueued: {
      id: 'webhooks.test_queued',
      defaultMessage: 'The test event is on its way: its attempt appears in the delivery log.',
    },
    testFailed: {
      id: 'webhooks.test_failed',
      defaultMessage: 'The test event could not be sent. Try again.',
    },
    switchedOff: {
      id: 'webhooks.switched_off',
      defaultMessage: 'The webhook is switched off: it receives no new event.',
    },
    switchedOn: { id: 'webhooks.switched_on', defaultMessage: 'The webhook is switched on.' },
    changeFailed: {
      id: 'webhooks.change_failed',
      defaultMessage: 'The webhook could not be changed. Try again.',
    },
    removed: { id: 'webhooks.removed', defaultMessage: 'The webhook is deleted.' },
    removeFailed: {
      id: 'webhooks.remove_failed',
      defaultMessage: 'The webhook could not be deleted. Try again.',
    },
    rotateFailed: {
      id: 'webhooks.rotate_failed',
      defaultMessage: 'The secret could not be replaced. Try again.',
    },
    removeTitle: { id: 'webhooks.remove_title', defaultMessage: 'Delete this webhook?' },
    removeConfirm: { id: 'webhooks.remove_confirm', defaultMessage: 'Delete the webhook' },
    keep: { id: 'webhooks.keep', defaultMessage: 'Keep it' },
    rotateTitle: { id: 'webhooks.rotate_title', defaultMessage: 'Replace the signing secret?' },
    rotateBody: {
      id: 'webhooks.rotate_body',
      defaultMessage:
        'The receiving system must be given the new secret: until then it will refuse the calls, which are signed with the new one from now on.',
    },
    rotateConfirm: { id: 'webhooks.rotate_confirm', defaultMessage: 'Replace the secret' },
    addTitle: { id: 'webhooks.add_title', defaultMessage: 'Add a webhook' },
    urlLabel: { id: 'webhooks.url_label', defaultMessage: 'Address the events are sent to' },
    urlHint: {
      id: 'webhooks.url_hint',
      defaultMessage: 'The public https:// address of the receiving system.',
    },
    urlPlaceholder: { id: 'webhooks.url_placeholder', defaultMessage: 'https://crm.example' },
    urlMalformed: {
      id: 'webhooks.url_malformed',
      defaultMessage: 'Enter an address starting with https:// or http://.',
    },
    descriptionLabel: { id: 'webhooks.description_label', defaultMessage: 'Description' },
    descriptionHint: {
      id: 'webhooks.description_hint',
      defaultMessage: 'For staff: what the receiving system is.',
    },
    descriptionPlaceholder: { id: 'webhooks.description_placeholder', defaultMessage: 'CRM' },
    eventsLegend: { id: 'webhooks.events_legend', defaultMessage: 'Events to send' },
    eventsMissing: { id: 'webhooks.events_missing', defaultMessage: 'Choose at least one event.' },
    add: { id: 'webhooks.add', defaultMessage: 'Add the webhook' },
    addFailed: {
      id: 'webhooks.add_failed',
      defaultMessage: 'The webhook could not be added. Try again.',
    },
    urlInvalid: {
      id: 'webhooks.url_invalid',
      defaultMessage:
        'This address cannot be used: it must start with https:// or http:// and carry no user name or password.',
    },
    urlRefused: {
      id: 'webhooks.url_refused',
      defaultMessage:
        'This address is refused: Prospecta does not call its own machine (localhost, 127.0.0.1), a private network (such as 10.x.x.x or 192.168.x.x) or a link-local address (such as 169.254.x.x), and the name must resolve. Use the public address of the receiving system.',
    },
    secretTitle: { id: 'webhooks.secret_title', defaultMessage: 'The signing secret' },
    secretBody: {
      id: 'webhooks.secret_body',
      defaultMessage:
        'Give this secret to the receiving system now: it signs every call (the Prospecta-Signature header), and it will not be shown again.',
    },
    secretLabel: { id: 'webhooks.secret_label', defaultMessage: 'Signing secret' },
    copy: { id: 'webhooks.copy', defaultMessage: 'Copy the secret' },
    copied: { id: 'webhooks.copied', defaultMessage: 'The secret is copied.' },
    copyFailed: {
      id: 'webhooks.copy_failed',
      defaultMessage: 'The secret could not be copied: select it and copy it by hand.',
    },
    secretDone: { id: 'webhooks.secret_done', defaultMessage: 'I have kept it' },
    close: { id: 'webhooks.close', defaultMessage: 'Close' },
    logIntro: {
      id: 'webhooks.log_intro',
      defaultMessage:
        'The last 50 attempts, newest first. A failed attempt is tried again by itself, up to 8 times over about 3 hours.',
    },
    logEmpty: {
      id: 'webhooks.log_empty',
      defaultMessage: 'No attempt yet. Send a test event to try the address.',
    },
    logLoadError: {
      id: 'webhooks.log_load_error',
      defaultMessage: 'The delivery log could not be loaded.',
    },
    logRegion: { id: 'webhooks.log_region', defaultMessage: 'Attempts, newest first' },
    logReload: { id: 'webhooks.log_reload', defaultMessage: 'Reload the log' },
    delivered: { id: 'webhooks.delivered', defaultMessage: 'Delivered' },
    failed: { id: 'webhooks.failed', defaultMessage: 'Failed' },
    answerLabel: { id: 'webhooks.answer_label', defaultMessage: 'The receiver’s answer' },
    errorTimeout: {
      id: 'webhooks.error_timeout',
      defaultMessage: 'No answer came within 10 seconds.',
    },
    errorUrlRefused: {
      id: 'webhooks.error_url_refused',
      defaultMessage:
        'Not sent: the address now leads to a machine Prospecta may not call (its own, a private network or a link-local address), or its name no longer resolves.',
    },
    errorUrlInvalid: {
      id: 'webhooks.error_url_invalid',
      defaultMessage: 'Not sent: the address is not valid.',
    },
    errorRedirect: {
      id: 'webhooks.error_redirect',
      defaultMessage:
        'The receiver answered with a redirect, which Prospecta does not follow: the address must answer itself.',
    },
    errorConnection: {
      id: 'webhooks.error_connection',
      defaultMessage: 'The connection to the receiver failed or was cut.',
    },
    errorTls: {
      id: 'webhooks.error_tls',
      defaultMessage:
        'The secure connection failed: the receiver’s certificate or handshake was refused.',
    },
    errorFailed: {
      id: 'webhooks.error_failed',
      defaultMessage: 'The attempt failed without an answer.',
    },
    eventReply: { id: 'webhooks.event_reply_received', defaultMessage: 'Reply received' },
    eventStatus: {
      id: 'webhooks.event_prospect_status_changed',
      defaultMessage: 'Prospect status changed',
    },
    eventFinished: { id: 'webhooks.event_campaign_finished', defaultMessage: 'Campaign finished' },
    eventTest: { id: 'webhooks.event_test', defaultMessage: 'Test event' },
  }),
  eventsList: defineMessage<{ events: string }>({
    id: 'webhooks.events_list',
    defaultMessage: 'Told of: {events}.',
  }),
  addedOn: defineMessage<{ date: string }>({
    id: 'webhooks.added_on',
    defaultMessage: 'Added on {date}',
  }),
  sendTestTo: defineMessage<{ url: string }>({
    id: 'webhooks.send_test_to',
    defaultMessage: 'Send a test event to {url}',
  }),
  showLogOf: defineMessage<{ url: string }>({
    id: 'webhooks.show_log_of',
    defaultMessage: 'Delivery log of {url}',
  }),
  switchOffLabel: defineMessage<{ url: string }>({
    id: 'webhooks.switch_off_label',
    defaultMessage: 'Switch off the webhook {url}',
  }),
  switchOnLabel: defineMessage<{ url: string }>({
    id: 'webhooks.switch_on_label',
    defaultMessage: 'Switch on the webhook {url}',
  }),
  removeLabel: defineMessage<{ url: string }>({
    id: 'webhooks.remove_label',
    defaultMessage: 'Delete the webhook {url}',
  }),
  rotateLabel: defineMessage<{ url: string }>({
    id: 'webhooks.rotate_label',
    defaultMessage: 'Replace the secret of {url}',
  }),
  removeBody: defineMessage<{ url: string }>({
    id: 'webhooks.remove_body',
    defaultMessage:
      'Prospecta stops calling {url}, drops the events still queued for it and deletes its delivery log.',
  }),
  tooMany: defineMessage<{ max: number }>({
    id: 'webhooks.too_many',
    defaultMessage: 'This customer already has {max} webhooks: delete one before adding another.',
  }),
  attemptTitle: defineMessage<{ event: string; attempt: number }>({
    id: 'webhooks.attempt_title',
    defaultMessage: '{event}, attempt {attempt}',
  }),
  answered: defineMessage<{ status: number; duration: number }>({
    id: 'webhooks.answered',
    defaultMessage: 'Answered with status {status} in {duration} ms.',
  }),
  tookMs: defineMessage<{ duration: number }>({
    id: 'webhooks.took_ms',
    defaultMessage: 'The attempt took {duration} ms.',
  }),
  eventOther: defineMessage<{ name: string }>({
    id: 'webhooks.event_other',
    defaultMessage: 'Event {name}',
  }),
};

import { defineMessage, defineMessages } from 'react-intl';

/** Every text of the prospect detail modal (§2 Prospect detail modal). Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  ...defineMessages({
    dialogLabel: { id: 'prospect.dialog_label', defaultMessage: 'Details of the prospect' },
    noName: { id: 'prospect.no_name', defaultMessage: 'Unnamed prospect' },
    close: { id: 'prospect.close', defaultMessage: 'Close' },
    dismiss: { id: 'prospect.dismiss', defaultMessage: 'Hide this message' },
    loading: { id: 'prospect.loading', defaultMessage: 'Loading the prospect…' },
    loadError: { id: 'prospect.load_error', defaultMessage: 'The prospect could not be loaded.' },
    notProvided: { id: 'prospect.not_provided', defaultMessage: 'Not provided' },
    sectionContact: { id: 'prospect.section_contact', defaultMessage: 'Contact' },
    sectionCompany: { id: 'prospect.section_company', defaultMessage: 'Company' },
    sectionTags: { id: 'prospect.section_tags', defaultMessage: 'Tags' },
    sectionHistory: { id: 'prospect.section_history', defaultMessage: 'History of actions' },
    sectionComments: { id: 'prospect.section_comments', defaultMessage: 'Comments' },
    sectionInteractions: {
      id: 'prospect.section_interactions',
      defaultMessage: 'Interactions and communications',
    },
    sectionReplacement: {
      id: 'prospect.section_replacement',
      defaultMessage: 'Replace the contact',
    },
    tabDetails: { id: 'prospect.tab_details', defaultMessage: 'Details' },
    tabHistory: { id: 'prospect.tab_history', defaultMessage: 'History' },
    tabComments: { id: 'prospect.tab_comments', defaultMessage: 'Comments' },
    fieldTitle: { id: 'prospect.field_title', defaultMessage: 'Title' },
    fieldFirstName: { id: 'prospect.field_first_name', defaultMessage: 'First name' },
    fieldLastName: { id: 'prospect.field_last_name', defaultMessage: 'Last name' },
    fieldPosition: { id: 'prospect.field_position', defaultMessage: 'Position' },
    fieldPhone: { id: 'prospect.field_phone', defaultMessage: 'Phone' },
    fieldDirectLine: { id: 'prospect.field_direct_line', defaultMessage: 'Direct line' },
    fieldEmail: { id: 'prospect.field_email', defaultMessage: 'E-mail' },
    fieldLinkedin: { id: 'prospect.field_linkedin', defaultMessage: 'LinkedIn' },
    fieldCompany: { id: 'prospect.field_company', defaultMessage: 'Company name' },
    fieldAddress: { id: 'prospect.field_address', defaultMessage: 'Address' },
    fieldWebsite: { id: 'prospect.field_website', defaultMessage: 'Website' },
    fieldReference: { id: 'prospect.field_reference', defaultMessage: 'Reference number' },
    fieldCampaign: { id: 'prospect.field_campaign', defaultMessage: 'Campaign' },
    fieldScore: { id: 'prospect.field_score', defaultMessage: 'Score' },
    fieldStatus: { id: 'prospect.field_status', defaultMessage: 'Status' },
    titleMister: { id: 'prospect.title_mister', defaultMessage: 'Mr' },
    titleMiss: { id: 'prospect.title_miss', defaultMessage: 'Ms' },
    titleUndefined: { id: 'prospect.title_undefined', defaultMessage: 'Not specified' },
    statusPending: { id: 'prospect.status_pending', defaultMessage: 'Pending' },
    statusOngoing: { id: 'prospect.status_ongoing', defaultMessage: 'Ongoing' },
    statusToCall: { id: 'prospect.status_to_call', defaultMessage: 'To call' },
    statusConverted: { id: 'prospect.status_converted', defaultMessage: 'New opportunity' },
    statusLost: { id: 'prospect.status_lost', defaultMessage: 'Lost' },
    statusNurture: { id: 'prospect.status_nurture', defaultMessage: 'Opportunity to engage' },
    statusNurtured: { id: 'prospect.status_nurtured', defaultMessage: 'Nurtured' },
    actionsLabel: { id: 'prospect.actions_label', defaultMessage: 'Change the status' },
    actionConvert: { id: 'prospect.action_convert', defaultMessage: 'Convert' },
    actionLose: { id: 'prospect.action_lose', defaultMessage: 'Lose' },
    actionNurture: { id: 'prospect.action_nurture', defaultMessage: 'Nurture' },
    confirmYes: { id: 'prospect.confirm_yes', defaultMessage: 'Yes' },
    confirmNo: { id: 'prospect.confirm_no', defaultMessage: 'No' },
    statusSaving: { id: 'prospect.status_saving', defaultMessage: 'Saving the new status…' },
    tagsEmpty: { id: 'prospect.tags_empty', defaultMessage: 'No tags yet.' },
    tagInputLabel: { id: 'prospect.tag_input_label', defaultMessage: 'Add a tag' },
    tagInputPlaceholder: { id: 'prospect.tag_input_placeholder', defaultMessage: 'e.g. VIP' },
    tagAdd: { id: 'prospect.tag_add', defaultMessage: 'Add the tag' },
    tagSuggestions: { id: 'prospect.tag_suggestions', defaultMessage: 'Existing tags' },
    tagDeleteBody: {
      id: 'prospect.tag_delete_body',
      defaultMessage:
        'The tag will be removed from every prospect that carries it. This cannot be undone.',
    },
    tagLabelRequired: {
      id: 'prospect.tag_label_required',
      defaultMessage: 'Type a label for the tag.',
    },
    historyEmpty: { id: 'prospect.history_empty', defaultMessage: 'No actions yet.' },
    historyEmail: { id: 'prospect.history_email', defaultMessage: 'E-mail' },
    historyEvent: { id: 'prospect.history_event', defaultMessage: 'Event' },
    historyLinkedinMessage: {
      id: 'prospect.history_linkedin_message',
      defaultMessage: 'LinkedIn message',
    },
    historyNote: { id: 'prospect.history_note', defaultMessage: 'Note' },
    historyStatusChange: { id: 'prospect.history_status_change', defaultMessage: 'Status change' },
    historyComment: { id: 'prospect.history_comment', defaultMessage: 'Comment' },
    directionInbound: { id: 'prospect.direction_inbound', defaultMessage: 'Received' },
    directionOutbound: { id: 'prospect.direction_outbound', defaultMessage: 'Sent' },
    commentsEmpty: { id: 'prospect.comments_empty', defaultMessage: 'No comments yet.' },
    commentContentLabel: { id: 'prospect.comment_content_label', defaultMessage: 'New comment' },
    commentContentPlaceholder: {
      id: 'prospect.comment_content_placeholder',
      defaultMessage: 'What happened with this prospect?',
    },
    commentActivityLabel: { id: 'prospect.comment_activity_label', defaultMessage: 'Activity' },
    activityNone: { id: 'prospect.activity_none', defaultMessage: 'No activity' },
    activityReached: { id: 'prospect.activity_reached', defaultMessage: 'Reached' },
    activityNotReached: { id: 'prospect.activity_not_reached', defaultMessage: 'Not reached' },
    activityWrongNumber: { id: 'prospect.activity_wrong_number', defaultMessage: 'Wrong number' },
    activityIncomingCall: {
      id: 'prospect.activity_incoming_call',
      defaultMessage: 'Incoming call',
    },
    commentSubmit: { id: 'prospect.comment_submit', defaultMessage: 'Add the comment' },
    commentSaving: { id: 'prospect.comment_saving', defaultMessage: 'Saving…' },
    commentRequired: {
      id: 'prospect.comment_required',
      defaultMessage: 'Either content or activity must be provided',
    },
    commentSaveError: {
      id: 'prospect.comment_save_error',
      defaultMessage: 'The comment could not be saved. Your text has been kept: please try again.',
    },
    commentSaved: { id: 'prospect.comment_saved', defaultMessage: 'The comment has been added.' },
    commentDelete: { id: 'prospect.comment_delete', defaultMessage: 'Delete the comment' },
    commentDeleteTitle: {
      id: 'prospect.comment_delete_title',
      defaultMessage: 'Delete this comment?',
    },
    commentDeleteBody: {
      id: 'prospect.comment_delete_body',
      defaultMessage: 'The comment will be removed for everyone.',
    },
    commentDeleteError: {
      id: 'prospect.comment_delete_error',
      defaultMessage: 'The comment could not be deleted. Please try again.',
    },
    commentNotYours: {
      id: 'prospect.comment_not_yours',
      defaultMessage:
        'This comment was not deleted: only its author or a Prospecta staff member may delete it.',
    },
    interactionsEmpty: {
      id: 'prospect.interactions_empty',
      defaultMessage: 'No interactions or communications yet.',
    },
    replaceStart: { id: 'prospect.replace_start', defaultMessage: 'Replace this contact' },
    replaceIntro: {
      id: 'prospect.replace_intro',
      defaultMessage:
        'Give the new contact who should replace this one, and the reason for the replacement.',
    },
    replaceReason: { id: 'prospect.replace_reason', defaultMessage: 'Reason for replacing' },
    replaceAgreement: {
      id: 'prospect.replace_agreement',
      defaultMessage: 'I confirm that this contact will be replaced by the new contact above.',
    },
    replaceSubmit: { id: 'prospect.replace_submit', defaultMessage: 'Replace the contact' },
    replaceCancel: { id: 'prospect.replace_cancel', defaultMessage: 'Cancel the replacement' },
    replaceSuccess: {
      id: 'prospect.replace_success',
      defaultMessage: 'The contact has been replaced.',
    },
    replaceError: {
      id: 'prospect.replace_error',
      defaultMessage: 'The contact could not be replaced. Please try again.',
    },
    agreementRequired: {
      id: 'prospect.agreement_required',
      defaultMessage: 'Tick the box to confirm the replacement.',
    },
  }),
  /** Shown above the new contact right after a replacement; {replaced} is the old contact, now lost. */
  replacedNotice: defineMessage<{ name: string; replaced: string }>({
    id: 'prospect.replaced_notice',
    defaultMessage: 'You now see {name}, the new contact who replaces {replaced}.',
  }),
  confirmConvertTitle: defineMessage<{ name: string }>({
    id: 'prospect.confirm_convert_title',
    defaultMessage: 'Mark {name} as a new opportunity?',
  }),
  confirmLoseTitle: defineMessage<{ name: string }>({
    id: 'prospect.confirm_lose_title',
    defaultMessage: 'Mark {name} as lost?',
  }),
  confirmNurtureTitle: defineMessage<{ name: string }>({
    id: 'prospect.confirm_nurture_title',
    defaultMessage: 'Move {name} to the opportunities to engage?',
  }),
  confirmStatusBody: defineMessage<{ from: string; to: string }>({
    id: 'prospect.confirm_status_body',
    defaultMessage: 'The status will change from “{from}” to “{to}”.',
  }),
  statusSuccess: defineMessage<{ status: string }>({
    id: 'prospect.status_success',
    defaultMessage: 'The status is now “{status}”.',
  }),
  // Written by the app, not pasted from the server's (English) detail.
  statusRefused: defineMessage<{ status: string }>({
    id: 'prospect.status_refused',
    defaultMessage:
      'The server refused this status change (the prospect may have changed meanwhile). The prospect is back to “{status}”.',
  }),
  statusFailed: defineMessage<{ status: string }>({
    id: 'prospect.status_failed',
    defaultMessage: 'The status could not be changed. The prospect is back to “{status}”.',
  }),
  statusRolledBack: defineMessage<{ status: string }>({
    id: 'prospect.status_rolled_back',
    defaultMessage: 'The change was undone: the prospect is back to “{status}”.',
  }),
  tagDetach: defineMessage<{ label: string }>({
    id: 'prospect.tag_detach',
    defaultMessage: 'Remove the tag “{label}” from this prospect',
  }),
  tagDelete: defineMessage<{ label: string }>({
    id: 'prospect.tag_delete',
    defaultMessage: 'Delete the tag “{label}” everywhere',
  }),
  tagDeleteTitle: defineMessage<{ label: string }>({
    id: 'prospect.tag_delete_title',
    defaultMessage: 'Delete the tag “{label}”?',
  }),
  tagAlreadyAttached: defineMessage<{ label: string }>({
    id: 'prospect.tag_already_attached',
    defaultMessage: 'This prospect already has the tag “{label}”.',
  }),
  tagAttachError: defineMessage<{ label: string }>({
    id: 'prospect.tag_attach_error',
    defaultMessage: 'The tag “{label}” could not be added. Please try again.',
  }),
  tagDetachError: defineMessage<{ label: string }>({
    id: 'prospect.tag_detach_error',
    defaultMessage: 'The tag “{label}” could not be removed. Please try again.',
  }),
  tagDeleteError: defineMessage<{ label: string }>({
    id: 'prospect.tag_delete_error',
    defaultMessage: 'The tag “{label}” could not be deleted. Please try again.',
  }),
  tagDeleted: defineMessage<{ label: string }>({
    id: 'prospect.tag_deleted',
    defaultMessage: 'The tag “{label}” has been deleted.',
  }),
  historyEventAddedToCampaign: defineMessage<{ campaign: string }>({
    id: 'prospect.history_event_added_to_campaign',
    defaultMessage: 'Added to the campaign “{campaign}”.',
  }),
  historyEventEmailOpened: defineMessage<{ step: number }>({
    id: 'prospect.history_event_email_opened',
    defaultMessage: 'E-mail {step} was opened.',
  }),
  historyEventLinkClicked: defineMessage<{ step: number }>({
    id: 'prospect.history_event_link_clicked',
    defaultMessage: 'A link in e-mail {step} was clicked.',
  }),
  historyEventEmailBounced: defineMessage<{ step: number }>({
    id: 'prospect.history_event_email_bounced',
    defaultMessage: 'E-mail {step} could not be delivered: the address refused it.',
  }),
  historyEventUnsubscribed: defineMessage<{ campaign: string }>({
    id: 'prospect.history_event_unsubscribed',
    defaultMessage: 'Unsubscribed from the e-mails of the campaign “{campaign}”.',
  }),
  historyEventLinkedinInvitationAccepted: {
    id: 'prospect.history_event_linkedin_invitation_accepted',
    defaultMessage: 'The LinkedIn invitation was accepted.',
  },
  historyEventReplyLabelChanged: defineMessage<{ by: string; from: string; to: string }>({
    id: 'prospect.history_event_reply_label_changed',
    defaultMessage: '{by} changed the label of an answer from “{from}” to “{to}”.',
  }),
  historyEventReplyLabelSet: defineMessage<{ by: string; to: string }>({
    id: 'prospect.history_event_reply_label_set',
    defaultMessage: '{by} gave an answer the label “{to}”.',
  }),
  historyStatusChangeText: defineMessage<{ from: string; to: string }>({
    id: 'prospect.history_status_change_text',
    defaultMessage: 'The status changed from “{from}” to “{to}”.',
  }),
  interactionsSummary: defineMessage<{ sent: number; received: number }>({
    id: 'prospect.interactions_summary',
    defaultMessage:
      '{sent, plural, =0 {No message sent} one {# message sent} other {# messages sent}}, {received, plural, =0 {no answer received.} one {# answer received.} other {# answers received.}}',
  }),
  commentByOn: defineMessage<{ author: string; date: string }>({
    id: 'prospect.comment_by_on',
    defaultMessage: '{author}, {date}',
  }),
  commentOn: defineMessage<{ date: string }>({
    id: 'prospect.comment_on',
    defaultMessage: 'Written on {date}',
  }),
};

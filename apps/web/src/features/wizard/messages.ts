import { defineMessage, defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'wizard.title', defaultMessage: 'AI campaign wizard' },
  steps: { id: 'wizard.steps', defaultMessage: 'Steps of the wizard' },
  settings: { id: 'wizard.step_settings', defaultMessage: 'Settings' },
  campaignBrief: { id: 'wizard.step_campaign_brief', defaultMessage: 'Campaign brief' },
  messagingStrategy: { id: 'wizard.step_messaging_strategy', defaultMessage: 'Messaging strategy' },
  landingPages: { id: 'wizard.step_landing_pages', defaultMessage: 'Landing pages' },
  summary: { id: 'wizard.step_summary', defaultMessage: 'Summary' },
  stepCompleted: { id: 'wizard.step_completed', defaultMessage: 'This step is completed.' },
  stepLocked: {
    id: 'wizard.step_locked',
    defaultMessage: 'This step is not accessible yet: complete the steps before it.',
  },
  stepOf: defineMessage<{ current: number; total: number }>({
    id: 'wizard.step_of',
    defaultMessage: 'Step {current} of {total}',
  }),

  // ── the customer and the draft ──
  customerRequired: {
    id: 'wizard.customer_required',
    defaultMessage: 'Choose a customer in the sidebar first: a campaign is built for one customer.',
  },
  chooseCustomer: { id: 'wizard.choose_customer', defaultMessage: 'Choose a customer' },
  draftsTitle: defineMessage<{ name: string; elision: string }>({
    id: 'wizard.drafts_title',
    defaultMessage: '{elision, select, other {Campaign drafts of {name}}}',
  }),
  draftsEmpty: { id: 'wizard.drafts_empty', defaultMessage: 'No draft yet for this customer.' },
  draftsEmptyHint: {
    id: 'wizard.drafts_empty_hint',
    defaultMessage:
      'Start a campaign below: it is saved on the server as a draft, which you can continue later from any browser.',
  },
  draftsLoadError: {
    id: 'wizard.drafts_load_error',
    defaultMessage: 'The drafts could not be loaded.',
  },
  draftMeta: defineMessage<{ count: number; language: string; date: string }>({
    id: 'wizard.draft_meta',
    defaultMessage:
      '{count, plural, =0 {No step yet} one {One step} other {# steps}}, {language, select, fr {in French} other {in English}}, last changed on {date}.',
  }),
  continueDraft: { id: 'wizard.continue_draft', defaultMessage: 'Continue' },
  continueDraftNamed: defineMessage<{ name: string }>({
    id: 'wizard.continue_draft_named',
    defaultMessage: 'Continue the draft {name}',
  }),
  deleteDraft: { id: 'wizard.delete_draft', defaultMessage: 'Delete' },
  deleteDraftNamed: defineMessage<{ name: string }>({
    id: 'wizard.delete_draft_named',
    defaultMessage: 'Delete the draft {name}',
  }),
  deleteTitle: defineMessage<{ name: string }>({
    id: 'wizard.delete_title',
    defaultMessage: 'Delete the draft “{name}”?',
  }),
  deleteDescription: {
    id: 'wizard.delete_description',
    defaultMessage: 'Its settings, brief and sequence are deleted. This cannot be undone.',
  },
  deleteConfirm: { id: 'wizard.delete_confirm', defaultMessage: 'Delete the draft' },
  cancel: { id: 'wizard.cancel', defaultMessage: 'Cancel' },
  deleted: defineMessage<{ name: string }>({
    id: 'wizard.deleted',
    defaultMessage: 'The draft “{name}” is deleted.',
  }),
  deleteFailed: {
    id: 'wizard.delete_failed',
    defaultMessage: 'The draft could not be deleted. Try again.',
  },
  newDraftTitle: { id: 'wizard.new_draft_title', defaultMessage: 'Start a new campaign' },
  newDraftHint: {
    id: 'wizard.new_draft_hint',
    defaultMessage:
      'The draft starts with the customer’s onboarding answers as its brief and a first sequence to edit.',
  },
  campaignName: { id: 'wizard.campaign_name', defaultMessage: 'Campaign name' },
  campaignNamePlaceholder: {
    id: 'wizard.campaign_name_placeholder',
    defaultMessage: 'Spring outreach',
  },
  campaignLanguage: { id: 'wizard.campaign_language', defaultMessage: 'Language of the messages' },
  languageFr: { id: 'wizard.language_fr', defaultMessage: 'French' },
  languageEn: { id: 'wizard.language_en', defaultMessage: 'English' },
  createDraft: { id: 'wizard.create_draft', defaultMessage: 'Create the draft' },
  createFailed: {
    id: 'wizard.create_failed',
    defaultMessage: 'The draft could not be created. What you typed is kept: try again.',
  },
  campaignHeading: defineMessage<{ name: string; customer: string }>({
    id: 'wizard.campaign_heading',
    defaultMessage: 'Campaign “{name}” for {customer}',
  }),
  untitled: { id: 'wizard.untitled', defaultMessage: 'Untitled campaign' },
  backToDrafts: { id: 'wizard.back_to_drafts', defaultMessage: 'Back to the drafts' },
  definitionLoadError: {
    id: 'wizard.definition_load_error',
    defaultMessage: 'This campaign could not be loaded.',
  },
  notEditable: {
    id: 'wizard.not_editable',
    defaultMessage:
      'This campaign has been launched: its definition can no longer be changed here.',
  },

  // ── saving ──
  saveAndContinue: { id: 'wizard.save_and_continue', defaultMessage: 'Save and continue' },
  continue: { id: 'wizard.continue', defaultMessage: 'Continue' },
  saved: { id: 'wizard.saved', defaultMessage: 'The step is saved.' },
  saveFailed: {
    id: 'wizard.save_failed',
    defaultMessage: 'The step could not be saved. What you typed is kept: try again.',
  },
  formInvalid: {
    id: 'wizard.form_invalid',
    defaultMessage: 'Some fields need a correction: see the messages beside them.',
  },

  // ── step 1: settings ──
  language: { id: 'wizard.language', defaultMessage: 'Language of the messages' },
  mailboxes: { id: 'wizard.mailboxes', defaultMessage: 'Sender mailboxes' },
  mailboxesHint: {
    id: 'wizard.mailboxes_hint',
    defaultMessage: 'The e-mail steps are sent from these accounts of the customer.',
  },
  mailboxesNone: {
    id: 'wizard.mailboxes_none',
    defaultMessage:
      'This customer has no e-mail account yet: connect one in their integrations first.',
  },
  mailboxLabel: defineMessage<{ email: string; name: string }>({
    id: 'wizard.mailbox_label',
    defaultMessage: '{email} ({name})',
  }),
  mailboxAccountInvalid: {
    id: 'wizard.mailbox_account_invalid',
    defaultMessage:
      'Cannot send: the account is disconnected or its password was refused. Reconnect it in the integrations.',
  },
  mailboxPausedCredentialsRefused: {
    id: 'wizard.mailbox_paused_credentials_refused',
    defaultMessage:
      'Cannot send: the campaigns stopped sending from this mailbox because its server refused the sign-in. Fix it, then resume sending in the integrations.',
  },
  mailboxPausedTooManyErrors: {
    id: 'wizard.mailbox_paused_too_many_errors',
    defaultMessage:
      'Cannot send: the campaigns stopped sending from this mailbox after too many failed sends in a row. Resume sending in the integrations once it works.',
  },
  mailboxPausedBounceRate: {
    id: 'wizard.mailbox_paused_bounce_rate',
    defaultMessage:
      'Cannot send: the campaigns stopped sending from this mailbox because too many of its last e-mails bounced. Resume sending in the integrations once the addresses are checked.',
  },
  mailboxAccountError: {
    id: 'wizard.mailbox_account_error',
    defaultMessage:
      'Cannot send: the account reported an error the last time it was used. Reconnect it in the integrations.',
  },
  timeZone: { id: 'wizard.time_zone', defaultMessage: 'Time zone' },
  timeZonePlaceholder: { id: 'wizard.time_zone_placeholder', defaultMessage: 'Europe/Paris' },
  timeZoneHint: {
    id: 'wizard.time_zone_hint',
    defaultMessage: 'The sending days and hours are read in this zone.',
  },
  timeZoneInvalid: {
    id: 'wizard.time_zone_invalid',
    defaultMessage: 'Enter a known time zone, such as Europe/Paris.',
  },
  sendingDays: { id: 'wizard.sending_days', defaultMessage: 'Sending days' },
  sendingDaysMissing: {
    id: 'wizard.sending_days_missing',
    defaultMessage: 'Choose at least one sending day.',
  },
  sendingStart: { id: 'wizard.sending_start', defaultMessage: 'Sending from' },
  sendingEnd: { id: 'wizard.sending_end', defaultMessage: 'Sending until' },
  timeInvalid: { id: 'wizard.time_invalid', defaultMessage: 'Enter a time as HH:MM.' },
  hoursInvalid: {
    id: 'wizard.hours_invalid',
    defaultMessage: 'The end of the sending hours must come after their start.',
  },
  dailyCap: { id: 'wizard.daily_cap', defaultMessage: 'Daily cap per mailbox' },
  dailyCapHint: {
    id: 'wizard.daily_cap_hint',
    defaultMessage: 'How many e-mails each sender mailbox sends a day at most.',
  },
  dailyCapInvalid: defineMessage<{ max: number }>({
    id: 'wizard.daily_cap_invalid',
    defaultMessage: 'Enter a whole number from 1 to {max}.',
  }),
  stopOnReply: {
    id: 'wizard.stop_on_reply',
    defaultMessage: 'Stop the sequence for a prospect who replies',
  },
  startDate: { id: 'wizard.start_date', defaultMessage: 'Start date' },
  startDateHint: {
    id: 'wizard.start_date_hint',
    defaultMessage: 'Leave it empty to start as soon as the campaign is launched.',
  },
  spacingTitle: {
    id: 'wizard.spacing_title',
    defaultMessage: 'Spacing between two sends',
  },
  spacingHint: {
    id: 'wizard.spacing_hint',
    defaultMessage:
      'Each sender mailbox waits a random time between these two values before its next e-mail, so that its sends do not come in bursts.',
  },
  spacingUnit: {
    id: 'wizard.spacing_unit',
    defaultMessage: 'Unit of the spacing',
  },
  spacingInSeconds: {
    id: 'wizard.spacing_in_seconds',
    defaultMessage: 'In seconds',
  },
  spacingInMinutes: {
    id: 'wizard.spacing_in_minutes',
    defaultMessage: 'In minutes',
  },
  spacingMin: defineMessage<{ unit: string }>({
    id: 'wizard.spacing_min',
    defaultMessage:
      '{unit, select, minutes {Shortest wait, in minutes} other {Shortest wait, in seconds}}',
  }),
  spacingMax: defineMessage<{ unit: string }>({
    id: 'wizard.spacing_max',
    defaultMessage:
      '{unit, select, minutes {Longest wait, in minutes} other {Longest wait, in seconds}}',
  }),
  spacingInvalid: defineMessage<{ max: number; unit: string }>({
    id: 'wizard.spacing_invalid',
    defaultMessage:
      '{unit, select, minutes {Enter a whole number of minutes from 0 to {max}.} other {Enter a whole number of seconds from 0 to {max}.}}',
  }),
  spacingOrder: {
    id: 'wizard.spacing_order',
    defaultMessage: 'The longest wait cannot be shorter than the shortest one.',
  },
  trackingTitle: {
    id: 'wizard.tracking_title',
    defaultMessage: 'Tracking',
  },
  trackOpens: {
    id: 'wizard.track_opens',
    defaultMessage: 'Track opens',
  },
  trackOpensHint: {
    id: 'wizard.track_opens_hint',
    defaultMessage:
      'An open is only an indication: some mail programs load the tracking image without the e-mail being read, others block it even when it is read.',
  },
  trackClicks: {
    id: 'wizard.track_clicks',
    defaultMessage: 'Track clicks on the landing-page links',
  },
  trackClicksHint: {
    id: 'wizard.track_clicks_hint',
    defaultMessage:
      'The links go through Prospecta, which records the click and takes the reader straight on to the page.',
  },
  tooLong: { id: 'wizard.too_long', defaultMessage: 'This text is too long.' },

  // ── step 2: brief ──
  briefIntro: {
    id: 'wizard.brief_intro',
    defaultMessage:
      'Pre-filled from the customer’s onboarding questionnaire. Changes are saved with this campaign only.',
  },
  offerType: { id: 'wizard.offer_type', defaultMessage: 'The campaign sells' },
  offerProduct: { id: 'wizard.offer_product', defaultMessage: 'A product' },
  offerService: { id: 'wizard.offer_service', defaultMessage: 'A service' },
  offerName: { id: 'wizard.offer_name', defaultMessage: 'Name of the product or service' },
  offerNamePlaceholder: { id: 'wizard.offer_name_placeholder', defaultMessage: 'Prospecta CRM' },
  description: { id: 'wizard.description', defaultMessage: 'Description' },
  pricing: { id: 'wizard.pricing', defaultMessage: 'Pricing' },
  features: { id: 'wizard.features', defaultMessage: 'Main features' },
  featuresHint: { id: 'wizard.features_hint', defaultMessage: 'One feature a line.' },
  audience: { id: 'wizard.audience', defaultMessage: 'Who the best customers are' },
  industries: { id: 'wizard.industries', defaultMessage: 'Target industries' },
  companySizes: { id: 'wizard.company_sizes', defaultMessage: 'Company sizes' },
  sizeFreelancer: { id: 'wizard.size_freelancer', defaultMessage: 'Freelancers' },
  sizeRange: defineMessage<{ range: string }>({
    id: 'wizard.size_range',
    defaultMessage: '{range} employees',
  }),
  sizeAbove: { id: 'wizard.size_above', defaultMessage: 'More than 1,000 employees' },
  sizeAll: { id: 'wizard.size_all', defaultMessage: 'All companies' },
  people: { id: 'wizard.people', defaultMessage: 'Types of people to reach' },
  website: { id: 'wizard.website', defaultMessage: 'Website' },
  websitePlaceholder: { id: 'wizard.website_placeholder', defaultMessage: 'https://example.com' },
  additionalInformation: {
    id: 'wizard.additional_information',
    defaultMessage: 'Additional information',
  },
  tooManyFeatures: defineMessage<{ max: number }>({
    id: 'wizard.too_many_features',
    defaultMessage: 'At most {max} features, each of at most 500 characters.',
  }),

  // ── step 5: summary ──
  audienceTitle: { id: 'wizard.audience_title', defaultMessage: 'Audience' },
  audienceCount: defineMessage<{ count: number }>({
    id: 'wizard.audience_count',
    defaultMessage:
      '{count, plural, =0 {No prospect in the campaign yet.} one {# prospect in the campaign.} other {# prospects in the campaign.}}',
  }),
  sendersTitle: { id: 'wizard.senders_title', defaultMessage: 'Sender mailboxes' },
  senderCap: defineMessage<{ email: string; cap: number }>({
    id: 'wizard.sender_cap',
    defaultMessage: '{email}: at most {cap, plural, one {# e-mail} other {# e-mails}} a day',
  }),
  noSenders: { id: 'wizard.no_senders', defaultMessage: 'No sender mailbox is chosen.' },
  capacity: defineMessage<{ count: number }>({
    id: 'wizard.capacity',
    defaultMessage:
      'Together at most {count, plural, one {# e-mail} other {# e-mails}} a sending day.',
  }),
  settingsTitleSummary: {
    id: 'wizard.sending_settings_title',
    defaultMessage: 'Sending and tracking',
  },
  spacingSummary: defineMessage<{ min: number; max: number; unit: string }>({
    id: 'wizard.spacing_summary',
    defaultMessage:
      '{unit, select, minutes {Each mailbox waits from {min} to {max} minutes, at random, between two sends.} other {Each mailbox waits from {min} to {max} seconds, at random, between two sends.}}',
  }),
  capacityBySpacing: defineMessage<{ count: number }>({
    id: 'wizard.capacity_by_spacing',
    defaultMessage:
      'At this spacing, each mailbox can send at most {count, plural, one {# e-mail} other {# e-mails}} in the sending hours of a day, fewer than its daily cap: the estimate counts with that.',
  }),
  trackingSummary: defineMessage<{ state: string }>({
    id: 'wizard.tracking_summary',
    defaultMessage:
      '{state, select, both {Opens and clicks are tracked; an open is an indication only.} opens {Only opens are tracked; an open is an indication only.} clicks {Only clicks on the landing-page links are tracked.} other {Neither opens nor clicks are tracked.}}',
  }),
  firstSendTitle: { id: 'wizard.first_send_title', defaultMessage: 'First send' },
  firstSend: defineMessage<{ date: string; time: string; zone: string }>({
    id: 'wizard.first_send',
    defaultMessage: '{date} at {time} ({zone} time).',
  }),
  noSlot: {
    id: 'wizard.no_slot',
    defaultMessage: 'No sending slot: check the sending days, hours and time zone.',
  },
  durationTitle: { id: 'wizard.duration_title', defaultMessage: 'Duration of the sequence' },
  duration: defineMessage<{ days: number }>({
    id: 'wizard.duration',
    defaultMessage:
      '{days, plural, one {# day} other {# days}} from the first send to the last step of the last prospect.',
  }),
  durationUnknown: {
    id: 'wizard.duration_unknown',
    defaultMessage: 'Not known yet: it needs prospects, a sender and a sending slot.',
  },
  problemsTitle: { id: 'wizard.problems_title', defaultMessage: 'Blocking problems' },
  noProblems: {
    id: 'wizard.no_problems',
    defaultMessage: 'No blocking problem: the campaign can be launched.',
  },
  warningsTitle: { id: 'wizard.warnings_title', defaultMessage: 'Warnings' },
  fixAt: defineMessage<{ step: string }>({
    id: 'wizard.fix_at',
    defaultMessage: 'Fix it at the step {step}',
  }),
  saveAsDraft: { id: 'wizard.save_as_draft', defaultMessage: 'Save as draft' },
  savedAsDraft: {
    id: 'wizard.saved_as_draft',
    defaultMessage: 'The draft is saved: continue it later from the list of drafts.',
  },
  launch: { id: 'wizard.launch', defaultMessage: 'Launch the campaign' },
  launchBlocked: {
    id: 'wizard.launch_blocked',
    defaultMessage: 'The campaign cannot be launched while a blocking problem remains.',
  },
  launched: { id: 'wizard.launched', defaultMessage: 'The campaign is launched.' },
  launchFailed: {
    id: 'wizard.launch_failed',
    defaultMessage: 'The campaign could not be launched. Try again.',
  },
  reviewLoadError: {
    id: 'wizard.review_load_error',
    defaultMessage: 'The summary could not be loaded.',
  },
});

/** The server's refusals of a campaign change (CampaignErrorCode), one sentence each. */
export const campaignErrorMessages = defineMessages({
  transition_not_allowed: {
    id: 'wizard.error_transition_not_allowed',
    defaultMessage: 'This change is not possible in the campaign’s current status.',
  },
  campaign_has_problems: {
    id: 'wizard.error_campaign_has_problems',
    defaultMessage: 'The campaign still has blocking problems: fix them first.',
  },
  campaign_not_editable: {
    id: 'wizard.error_campaign_not_editable',
    defaultMessage: 'The campaign has been launched: it can no longer be changed.',
  },
  not_a_draft: {
    id: 'wizard.error_not_a_draft',
    defaultMessage: 'Only a draft can be deleted, and this campaign has been launched.',
  },
  step_has_sends: {
    id: 'wizard.error_step_has_sends',
    defaultMessage: 'A step that has already sent messages cannot be removed.',
  },
  mailbox_not_available: {
    id: 'wizard.error_mailbox_not_available',
    defaultMessage: 'A chosen sender mailbox can no longer send: choose another one.',
  },
  duplicate_landing_page: {
    id: 'wizard.error_duplicate_landing_page',
    defaultMessage: 'Two landing pages have the same key: give each its own.',
  },
  spacing_invalid: {
    id: 'wizard.error_spacing_invalid',
    defaultMessage: 'The longest wait between two sends cannot be shorter than the shortest one.',
  },
});

/** Every problem of a campaign (CampaignProblemCode), one sentence each, with its details as placeholders. */
export const problemMessages = defineMessages({
  name_missing: { id: 'wizard.problem_name_missing', defaultMessage: 'The campaign has no name.' },
  no_mailbox: {
    id: 'wizard.problem_no_mailbox',
    defaultMessage: 'No sender mailbox is chosen for the e-mail steps.',
  },
  mailbox_not_available: {
    id: 'wizard.problem_mailbox_not_available',
    defaultMessage:
      '{mailbox, select, none {A chosen sender mailbox cannot send.} other {The sender mailbox {mailbox} cannot send.}}',
  },
  no_sending_days: {
    id: 'wizard.problem_no_sending_days',
    defaultMessage: 'No sending day is chosen.',
  },
  sending_hours_invalid: {
    id: 'wizard.problem_sending_hours_invalid',
    defaultMessage: 'The sending hours are not valid: the end must come after the start.',
  },
  time_zone_invalid: {
    id: 'wizard.problem_time_zone_invalid',
    defaultMessage: 'The time zone is not known.',
  },
  no_steps: { id: 'wizard.problem_no_steps', defaultMessage: 'The sequence has no step.' },
  no_audience: {
    id: 'wizard.problem_no_audience',
    defaultMessage: 'The campaign has no prospect yet: import its audience.',
  },
  subject_missing: {
    id: 'wizard.problem_subject_missing',
    defaultMessage: 'Step {step}: the e-mail has no subject.',
  },
  subject_too_long: {
    id: 'wizard.problem_subject_too_long',
    defaultMessage: 'Step {step}: the subject is longer than {limit} characters.',
  },
  body_missing: {
    id: 'wizard.problem_body_missing',
    defaultMessage: 'Step {step}: the message is empty.',
  },
  note_too_long: {
    id: 'wizard.problem_note_too_long',
    defaultMessage:
      'Step {step}: once filled, the invitation note is longer than {limit} characters.',
  },
  too_many_links: {
    id: 'wizard.problem_too_many_links',
    defaultMessage: 'Step {step}: the message has more than {limit} links.',
  },
  spam_words: {
    id: 'wizard.problem_spam_words',
    defaultMessage: 'Step {step}: spam filters flag these words: {words}.',
  },
  unsubscribe_missing: {
    id: 'wizard.problem_unsubscribe_missing',
    defaultMessage: 'Step {step}: the e-mail has no unsubscribe link.',
  },
  unknown_variable: {
    id: 'wizard.problem_unknown_variable',
    defaultMessage: 'Step {step}: the variable {variable} does not exist.',
  },
  variable_gap: {
    id: 'wizard.problem_variable_gap',
    defaultMessage:
      'Step {step}: {count, plural, one {# prospect has} other {# prospects have}} no value for {variable}, which has no fallback.',
  },
  unknown_landing_page: {
    id: 'wizard.problem_unknown_landing_page',
    defaultMessage: 'Step {step}: a link names the landing page {variable}, which does not exist.',
  },
  template_malformed: {
    id: 'wizard.problem_template_malformed',
    defaultMessage: 'Step {step}: a variable is not written correctly; check its braces.',
  },
  landing_page_unused: {
    id: 'wizard.problem_landing_page_unused',
    defaultMessage: 'No step links to the landing page {variable}.',
  },
});

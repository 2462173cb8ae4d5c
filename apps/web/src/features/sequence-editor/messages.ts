import { defineMessage } from 'react-intl';

/** Every text of the sequence editor and the landing pages editor (§2, builder steps 3 and 4). Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  stepsLabel: defineMessage({
    id: 'sequence_editor.steps_label',
    defaultMessage: 'Steps of the sequence',
  }),
  keyboardHint: defineMessage({
    id: 'sequence_editor.keyboard_hint',
    defaultMessage:
      'Alt + ↑ or Alt + ↓ moves the step you are in; Alt + Home or Alt + End moves it first or last.',
  }),
  stepTitle: defineMessage<{ position: number; type: string }>({
    id: 'sequence_editor.step_title',
    defaultMessage: 'Step {position}: {type}',
  }),
  typeEmail: defineMessage({ id: 'sequence_editor.type_email', defaultMessage: 'E-mail' }),
  typeLinkedinInvitation: defineMessage({
    id: 'sequence_editor.type_linkedin_invitation',
    defaultMessage: 'LinkedIn invitation',
  }),
  typeLinkedinMessage: defineMessage({
    id: 'sequence_editor.type_linkedin_message',
    defaultMessage: 'LinkedIn message',
  }),
  draftBadge: defineMessage({
    id: 'sequence_editor.draft_badge',
    defaultMessage: 'Draft from templates, to edit',
  }),
  moveUp: defineMessage<{ position: number }>({
    id: 'sequence_editor.move_up',
    defaultMessage: 'Move step {position} up',
  }),
  moveDown: defineMessage<{ position: number }>({
    id: 'sequence_editor.move_down',
    defaultMessage: 'Move step {position} down',
  }),
  moved: defineMessage<{ type: string; position: number; total: number }>({
    id: 'sequence_editor.moved',
    defaultMessage: '{type} moved to position {position} of {total}.',
  }),
  deleteStep: defineMessage<{ position: number }>({
    id: 'sequence_editor.delete_step',
    defaultMessage: 'Delete step {position}',
  }),
  stepDeleted: defineMessage<{ position: number; type: string }>({
    id: 'sequence_editor.step_deleted',
    defaultMessage: 'Step {position} ({type}) deleted.',
  }),
  undo: defineMessage({ id: 'sequence_editor.undo', defaultMessage: 'Undo' }),
  stepRestored: defineMessage<{ position: number; type: string }>({
    id: 'sequence_editor.step_restored',
    defaultMessage: 'Step {position} ({type}) restored.',
  }),
  fieldName: defineMessage({
    id: 'sequence_editor.field_name',
    defaultMessage: 'Name in the campaigns list',
  }),
  namePlaceholder: defineMessage({
    id: 'sequence_editor.name_placeholder',
    defaultMessage: 'e.g. Follow-up',
  }),
  fieldDelay: defineMessage({
    id: 'sequence_editor.field_delay',
    defaultMessage: 'Days after the previous step',
  }),
  fieldDelayFirst: defineMessage({
    id: 'sequence_editor.field_delay_first',
    defaultMessage: 'Days after the launch',
  }),
  delayError: defineMessage({
    id: 'sequence_editor.delay_error',
    defaultMessage: 'Enter a whole number of days from 0 to 365.',
  }),
  fieldCondition: defineMessage({
    id: 'sequence_editor.field_condition',
    defaultMessage: 'Sent to',
  }),
  conditionNone: defineMessage({
    id: 'sequence_editor.condition_none',
    defaultMessage: 'Every prospect',
  }),
  conditionNoReply: defineMessage({
    id: 'sequence_editor.condition_no_reply',
    defaultMessage: 'Prospects with no reply yet',
  }),
  fieldSubject: defineMessage({ id: 'sequence_editor.field_subject', defaultMessage: 'Subject' }),
  subjectFollowUpHint: defineMessage({
    id: 'sequence_editor.subject_follow_up_hint',
    defaultMessage: 'Left empty, the e-mail is sent as a reply in the previous e-mail’s thread.',
  }),
  fieldBody: defineMessage({ id: 'sequence_editor.field_body', defaultMessage: 'Text' }),
  fieldMessage: defineMessage({ id: 'sequence_editor.field_message', defaultMessage: 'Message' }),
  fieldNote: defineMessage({
    id: 'sequence_editor.field_note',
    defaultMessage: 'Invitation note (optional)',
  }),
  bodyHint: defineMessage<{ variables: string; example: string }>({
    id: 'sequence_editor.body_hint',
    defaultMessage: 'Variables: {variables}. Fallback after a bar: {example}.',
  }),
  noteCounter: defineMessage<{ length: number; max: number }>({
    id: 'sequence_editor.note_counter',
    defaultMessage: '{length} of {max} characters',
  }),
  noteCounterHint: defineMessage({
    id: 'sequence_editor.note_counter_hint',
    defaultMessage: 'A variable counts as its fallback’s length, and at least 20 characters.',
  }),
  insertLink: defineMessage({ id: 'sequence_editor.insert_link', defaultMessage: 'Insert a link' }),
  insertLinkTo: defineMessage<{ name: string }>({
    id: 'sequence_editor.insert_link_to',
    defaultMessage: 'Link to “{name}”',
  }),
  noLandingPages: defineMessage({
    id: 'sequence_editor.no_landing_pages',
    defaultMessage: 'No landing page yet: add them in the Landing pages step to link to them.',
  }),
  linkInserted: defineMessage<{ name: string; position: number }>({
    id: 'sequence_editor.link_inserted',
    defaultMessage: 'Link to “{name}” inserted in step {position}.',
  }),
  addGroup: defineMessage({ id: 'sequence_editor.add_group', defaultMessage: 'Add a step' }),
  addEmail: defineMessage({ id: 'sequence_editor.add_email', defaultMessage: 'Add an e-mail' }),
  addInvitation: defineMessage({
    id: 'sequence_editor.add_invitation',
    defaultMessage: 'Add a LinkedIn invitation',
  }),
  addMessage: defineMessage({
    id: 'sequence_editor.add_message',
    defaultMessage: 'Add a LinkedIn message',
  }),
  stepAdded: defineMessage<{ position: number; type: string }>({
    id: 'sequence_editor.step_added',
    defaultMessage: 'Step {position} ({type}) added.',
  }),
  emptyTitle: defineMessage({ id: 'sequence_editor.empty_title', defaultMessage: 'No step yet' }),
  emptyDescription: defineMessage({
    id: 'sequence_editor.empty_description',
    defaultMessage: 'Add a step, or write a first draft from the campaign brief.',
  }),
  draftButton: defineMessage({
    id: 'sequence_editor.draft_button',
    defaultMessage: 'Write a first draft',
  }),
  draftHint: defineMessage({
    id: 'sequence_editor.draft_hint',
    defaultMessage:
      'Fills three e-mails and a LinkedIn invitation from the campaign brief with fixed templates in the campaign’s language. No AI writes it: it is a plain draft for you to edit.',
  }),
  draftNoBrief: defineMessage({
    id: 'sequence_editor.draft_no_brief',
    defaultMessage: 'A first draft needs the campaign brief.',
  }),
  draftConfirmTitle: defineMessage<{ count: number }>({
    id: 'sequence_editor.draft_confirm_title',
    defaultMessage:
      'Replace {count, plural, one {the step} other {the # steps}} with a first draft?',
  }),
  draftConfirmDescription: defineMessage({
    id: 'sequence_editor.draft_confirm_description',
    defaultMessage:
      'The sequence written so far is replaced by the draft written from the brief with templates.',
  }),
  draftConfirm: defineMessage({
    id: 'sequence_editor.draft_confirm',
    defaultMessage: 'Replace with the draft',
  }),
  draftCancel: defineMessage({
    id: 'sequence_editor.draft_cancel',
    defaultMessage: 'Keep my steps',
  }),
  draftWritten: defineMessage<{ count: number }>({
    id: 'sequence_editor.draft_written',
    defaultMessage: 'First draft written from templates: {count} steps to edit.',
  }),
  samplePicker: defineMessage({
    id: 'sequence_editor.sample_picker',
    defaultMessage: 'Preview for',
  }),
  sampleOption: defineMessage<{ name: string; company: string }>({
    id: 'sequence_editor.sample_option',
    defaultMessage: '{name} ({company})',
  }),
  sampleNoCompany: defineMessage<{ name: string }>({
    id: 'sequence_editor.sample_no_company',
    defaultMessage: '{name} (no company)',
  }),
  sampleUnnamed: defineMessage<{ id: number }>({
    id: 'sequence_editor.sample_unnamed',
    defaultMessage: 'Prospect {id}',
  }),
  noSamples: defineMessage({
    id: 'sequence_editor.no_samples',
    defaultMessage: 'This campaign has no prospect yet: the preview shows every fallback.',
  }),
  previewTitle: defineMessage<{ name: string }>({
    id: 'sequence_editor.preview_title',
    defaultMessage: 'Preview for {name}',
  }),
  previewTitleNobody: defineMessage({
    id: 'sequence_editor.preview_title_nobody',
    defaultMessage: 'Preview with the fallbacks',
  }),
  previewSubject: defineMessage({
    id: 'sequence_editor.preview_subject',
    defaultMessage: 'Subject',
  }),
  previewReply: defineMessage({
    id: 'sequence_editor.preview_reply',
    defaultMessage: 'Reply in the previous e-mail’s thread',
  }),
  previewEmpty: defineMessage({
    id: 'sequence_editor.preview_empty',
    defaultMessage: 'Nothing written yet.',
  }),
  previewNoNote: defineMessage({
    id: 'sequence_editor.preview_no_note',
    defaultMessage: 'Invitation without a note.',
  }),
  previewFallback: defineMessage<{ variable: string; fallback: string }>({
    id: 'sequence_editor.preview_fallback',
    defaultMessage: 'No {variable} for this prospect: “{fallback}” is shown instead.',
  }),
  previewMissing: defineMessage<{ variable: string }>({
    id: 'sequence_editor.preview_missing',
    defaultMessage: 'No {variable} for this prospect and no fallback: nothing is shown.',
  }),
  previewMissingMark: defineMessage<{ variable: string }>({
    id: 'sequence_editor.preview_missing_mark',
    defaultMessage: '[no {variable}]',
  }),
  unsubscribeLink: defineMessage({
    id: 'sequence_editor.unsubscribe_link',
    defaultMessage: '[unsubscribe link]',
  }),
  variableFirstName: defineMessage({
    id: 'sequence_editor.variable_first_name',
    defaultMessage: 'first name',
  }),
  variableLastName: defineMessage({
    id: 'sequence_editor.variable_last_name',
    defaultMessage: 'last name',
  }),
  variableCompany: defineMessage({
    id: 'sequence_editor.variable_company',
    defaultMessage: 'company',
  }),
  variablePosition: defineMessage({
    id: 'sequence_editor.variable_position',
    defaultMessage: 'position',
  }),
  checksTitle: defineMessage<{ position: number }>({
    id: 'sequence_editor.checks_title',
    defaultMessage: 'Checks of step {position}',
  }),
  checksNone: defineMessage({
    id: 'sequence_editor.checks_none',
    defaultMessage: 'No problem found.',
  }),
  severityBlocking: defineMessage({
    id: 'sequence_editor.severity_blocking',
    defaultMessage: 'To fix before the launch',
  }),
  severityWarning: defineMessage({
    id: 'sequence_editor.severity_warning',
    defaultMessage: 'Advice',
  }),
  problemNoSteps: defineMessage({
    id: 'sequence_editor.problem_no_steps',
    defaultMessage: 'The sequence needs at least one step.',
  }),
  problemSubjectMissing: defineMessage({
    id: 'sequence_editor.problem_subject_missing',
    defaultMessage: 'The first e-mail needs a subject.',
  }),
  problemSubjectTooLong: defineMessage<{ limit: number }>({
    id: 'sequence_editor.problem_subject_too_long',
    defaultMessage: 'The subject is longer than {limit} characters: inboxes may cut it.',
  }),
  problemBodyMissing: defineMessage({
    id: 'sequence_editor.problem_body_missing',
    defaultMessage: 'The text is empty.',
  }),
  problemNoteTooLong: defineMessage<{ limit: number }>({
    id: 'sequence_editor.problem_note_too_long',
    defaultMessage: 'The note is longer than {limit} characters once filled: LinkedIn refuses it.',
  }),
  problemTooManyLinks: defineMessage<{ limit: number }>({
    id: 'sequence_editor.problem_too_many_links',
    defaultMessage: 'More than {limit} links: spam filters may take the e-mail for a newsletter.',
  }),
  problemSpamWords: defineMessage<{ count: number; words: string }>({
    id: 'sequence_editor.problem_spam_words',
    defaultMessage:
      'Spam filters flag {count, plural, one {this word} other {these words}}: {words}.',
  }),
  problemUnsubscribeMissing: defineMessage<{ tag: string }>({
    id: 'sequence_editor.problem_unsubscribe_missing',
    defaultMessage: 'The unsubscribe sentence is missing: add {tag} to the text.',
  }),
  problemUnknownVariable: defineMessage<{
    field: 'subject' | 'body';
    variable: string;
    variables: string;
  }>({
    id: 'sequence_editor.problem_unknown_variable',
    defaultMessage:
      '{field, select, subject {The subject} other {The text}} uses an unknown variable, “{variable}”: use {variables}.',
  }),
  problemVariableGap: defineMessage<{ count: number; variable: string; example: string }>({
    id: 'sequence_editor.problem_variable_gap',
    defaultMessage:
      '{count, plural, one {# prospect has} other {# prospects have}} no {variable}: add a fallback, e.g. {example}.',
  }),
  problemUnknownLandingPage: defineMessage<{ variable: string }>({
    id: 'sequence_editor.problem_unknown_landing_page',
    defaultMessage:
      'A link points to “{variable}”, which is not one of the campaign’s landing pages.',
  }),
  problemTemplateMalformed: defineMessage<{
    field: 'subject' | 'body';
    open: string;
    close: string;
  }>({
    id: 'sequence_editor.problem_template_malformed',
    defaultMessage:
      '{field, select, subject {The subject} other {The text}} has a {open} or a {close} without its pair.',
  }),
  problemLandingPageUnused: defineMessage<{ variable: string }>({
    id: 'sequence_editor.problem_landing_page_unused',
    defaultMessage: 'No step links to the landing page “{variable}”.',
  }),
  problemOther: defineMessage<{ code: string }>({
    id: 'sequence_editor.problem_other',
    defaultMessage: 'This step has a problem the builder does not describe yet ({code}).',
  }),
  pagesLabel: defineMessage({ id: 'sequence_editor.pages_label', defaultMessage: 'Landing pages' }),
  pagesEmptyTitle: defineMessage({
    id: 'sequence_editor.pages_empty_title',
    defaultMessage: 'No landing page yet',
  }),
  pagesEmptyDescription: defineMessage({
    id: 'sequence_editor.pages_empty_description',
    defaultMessage: 'Add the pages your messages link to; each address gets its UTM parameters.',
  }),
  addPage: defineMessage({ id: 'sequence_editor.add_page', defaultMessage: 'Add a landing page' }),
  pageAdded: defineMessage<{ position: number }>({
    id: 'sequence_editor.page_added',
    defaultMessage: 'Landing page {position} added.',
  }),
  pageTitle: defineMessage<{ position: number; name: string }>({
    id: 'sequence_editor.page_title',
    defaultMessage: 'Landing page {position}: {name}',
  }),
  pageTitleUnnamed: defineMessage<{ position: number }>({
    id: 'sequence_editor.page_title_unnamed',
    defaultMessage: 'Landing page {position}',
  }),
  deletePage: defineMessage<{ position: number }>({
    id: 'sequence_editor.delete_page',
    defaultMessage: 'Delete landing page {position}',
  }),
  pageDeleted: defineMessage<{ position: number }>({
    id: 'sequence_editor.page_deleted',
    defaultMessage: 'Landing page {position} deleted.',
  }),
  pageRestored: defineMessage<{ position: number }>({
    id: 'sequence_editor.page_restored',
    defaultMessage: 'Landing page {position} restored.',
  }),
  pageName: defineMessage({ id: 'sequence_editor.page_name', defaultMessage: 'Name' }),
  pageNamePlaceholder: defineMessage({
    id: 'sequence_editor.page_name_placeholder',
    defaultMessage: 'e.g. Online demo',
  }),
  pageUrl: defineMessage({
    id: 'sequence_editor.page_url',
    defaultMessage: 'Address (http or https)',
  }),
  pageUrlPlaceholder: defineMessage({
    id: 'sequence_editor.page_url_placeholder',
    defaultMessage: 'e.g. https://acme.io',
  }),
  pageKey: defineMessage({
    id: 'sequence_editor.page_key',
    defaultMessage: 'Key used by the links',
  }),
  pageKeyHint: defineMessage<{ tag: string }>({
    id: 'sequence_editor.page_key_hint',
    defaultMessage:
      'Lower-case letters, digits and dashes; a link reads {tag}. Changing it breaks the links that use it.',
  }),
  utmLegend: defineMessage({
    id: 'sequence_editor.utm_legend',
    defaultMessage: 'UTM parameters (optional)',
  }),
  utmSource: defineMessage({ id: 'sequence_editor.utm_source', defaultMessage: 'UTM source' }),
  utmMedium: defineMessage({ id: 'sequence_editor.utm_medium', defaultMessage: 'UTM medium' }),
  utmCampaign: defineMessage({
    id: 'sequence_editor.utm_campaign',
    defaultMessage: 'UTM campaign',
  }),
  utmContent: defineMessage({ id: 'sequence_editor.utm_content', defaultMessage: 'UTM content' }),
  utmTerm: defineMessage({ id: 'sequence_editor.utm_term', defaultMessage: 'UTM term' }),
  utmSourcePlaceholder: defineMessage({
    id: 'sequence_editor.utm_source_placeholder',
    defaultMessage: 'e.g. prospecta',
  }),
  utmMediumPlaceholder: defineMessage({
    id: 'sequence_editor.utm_medium_placeholder',
    defaultMessage: 'e.g. email',
  }),
  utmCampaignPlaceholder: defineMessage({
    id: 'sequence_editor.utm_campaign_placeholder',
    defaultMessage: 'e.g. spring-2027',
  }),
  utmContentPlaceholder: defineMessage({
    id: 'sequence_editor.utm_content_placeholder',
    defaultMessage: 'e.g. first-email',
  }),
  utmTermPlaceholder: defineMessage({
    id: 'sequence_editor.utm_term_placeholder',
    defaultMessage: 'e.g. crm',
  }),
  finalUrl: defineMessage({ id: 'sequence_editor.final_url', defaultMessage: 'Final address' }),
  finalUrlPending: defineMessage({
    id: 'sequence_editor.final_url_pending',
    defaultMessage: 'The final address shows once the address is valid.',
  }),
  errorNameMissing: defineMessage({
    id: 'sequence_editor.error_name_missing',
    defaultMessage: 'Enter the page’s name.',
  }),
  errorUrlMissing: defineMessage({
    id: 'sequence_editor.error_url_missing',
    defaultMessage: 'Enter the page’s address.',
  }),
  errorUrlInvalid: defineMessage({
    id: 'sequence_editor.error_url_invalid',
    defaultMessage: 'Enter an address that starts with http:// or https://, without spaces.',
  }),
  errorKeyMissing: defineMessage({
    id: 'sequence_editor.error_key_missing',
    defaultMessage: 'Enter a key.',
  }),
  errorKeyInvalid: defineMessage({
    id: 'sequence_editor.error_key_invalid',
    defaultMessage:
      'Use lower-case letters, digits and dashes only, starting with a letter or a digit, 40 at most.',
  }),
  errorKeyDuplicate: defineMessage({
    id: 'sequence_editor.error_key_duplicate',
    defaultMessage: 'Another landing page already uses this key.',
  }),
};

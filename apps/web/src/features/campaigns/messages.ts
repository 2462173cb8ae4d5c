import { defineMessage, defineMessages } from 'react-intl';
import type { Elision } from '../../core/i18n';

/** Every text of the campaigns list and the campaign detail (§2). Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  ...defineMessages({
    listTitle: { id: 'campaigns.list_title', defaultMessage: 'My Campaigns' },
    /** Staff whose customer's name is not known yet. */
    listTitleStaff: { id: 'campaigns.list_title_staff', defaultMessage: 'Campaigns' },
    tableLabel: { id: 'campaigns.table_label', defaultMessage: 'Campaigns' },
    searchLabel: { id: 'campaigns.search_label', defaultMessage: 'Search by campaign name' },
    searchLabelStaff: {
      id: 'campaigns.search_label_staff',
      defaultMessage: 'Search by campaign, user name or company',
    },
    searchPlaceholder: { id: 'campaigns.search_placeholder', defaultMessage: 'e.g. Lyon' },
    searchPlaceholderStaff: {
      id: 'campaigns.search_placeholder_staff',
      defaultMessage: 'e.g. Moreau',
    },
    columnName: { id: 'campaigns.column_name', defaultMessage: 'Name' },
    columnStatus: { id: 'campaigns.column_status', defaultMessage: 'Status' },
    columnActive: { id: 'campaigns.column_active', defaultMessage: 'Active' },
    columnAudience: { id: 'campaigns.column_audience', defaultMessage: 'Audience (contacted)' },
    columnOpenings: { id: 'campaigns.column_openings', defaultMessage: 'Openings' },
    columnClicks: { id: 'campaigns.column_clicks', defaultMessage: 'Clicks' },
    columnAnswers: { id: 'campaigns.column_answers', defaultMessage: 'Answers' },
    columnFunnel: { id: 'campaigns.column_funnel', defaultMessage: 'Funnel' },
    columnOwner: { id: 'campaigns.column_owner', defaultMessage: 'User' },
    columnActions: { id: 'campaigns.column_actions', defaultMessage: 'Actions' },
    statusDraft: { id: 'campaigns.status_draft', defaultMessage: 'Draft' },
    statusScheduled: { id: 'campaigns.status_scheduled', defaultMessage: 'Scheduled' },
    statusRunning: { id: 'campaigns.status_running', defaultMessage: 'Running' },
    statusPaused: { id: 'campaigns.status_paused', defaultMessage: 'Paused' },
    statusFinished: { id: 'campaigns.status_finished', defaultMessage: 'Finished' },
    statusArchived: { id: 'campaigns.status_archived', defaultMessage: 'Archived' },
    activeYes: { id: 'campaigns.active_yes', defaultMessage: 'Active' },
    activeNo: { id: 'campaigns.active_no', defaultMessage: 'Inactive' },
    openDetail: { id: 'campaigns.open_detail', defaultMessage: 'See the details' },
    stepsTitle: { id: 'campaigns.steps_title', defaultMessage: 'Steps of the campaign' },
    stepsEmpty: { id: 'campaigns.steps_empty', defaultMessage: 'This campaign has no steps yet.' },
    stepName: { id: 'campaigns.step_name', defaultMessage: 'Step' },
    stepType: { id: 'campaigns.step_type', defaultMessage: 'Type' },
    stepOpened: { id: 'campaigns.step_opened', defaultMessage: 'Opened / contacted' },
    stepClicked: { id: 'campaigns.step_clicked', defaultMessage: 'Clicked / opened' },
    stepAnswered: { id: 'campaigns.step_answered', defaultMessage: 'Answered / opened' },
    stepAnsweredNote: {
      id: 'campaigns.step_answered_note',
      defaultMessage:
        'For a LinkedIn message, the answer rate is answered / contacted, as a message has no opening.',
    },
    stepUnnamed: { id: 'campaigns.step_unnamed', defaultMessage: 'LinkedIn invitation' },
    typeEmail: { id: 'campaigns.type_email', defaultMessage: 'E-mail' },
    typeLinkedinMessage: {
      id: 'campaigns.type_linkedin_message',
      defaultMessage: 'LinkedIn message',
    },
    typeLinkedinInvitation: {
      id: 'campaigns.type_linkedin_invitation',
      defaultMessage: 'LinkedIn invitation',
    },
    stageContacted: { id: 'campaigns.stage_contacted', defaultMessage: 'Contacted' },
    stageOpened: { id: 'campaigns.stage_opened', defaultMessage: 'Opened' },
    stageClicked: { id: 'campaigns.stage_clicked', defaultMessage: 'Clicked' },
    stageAnswered: { id: 'campaigns.stage_answered', defaultMessage: 'Answered' },
    loading: { id: 'campaigns.loading', defaultMessage: 'Loading the campaigns…' },
    emptyTitle: { id: 'campaigns.empty_title', defaultMessage: 'No campaign yet' },
    emptyBody: {
      id: 'campaigns.empty_body',
      defaultMessage: 'Your campaigns will appear here as soon as the first one is prepared.',
    },
    errorTitle: {
      id: 'campaigns.error_title',
      defaultMessage: 'The campaigns could not be loaded.',
    },
    noMatchBody: { id: 'campaigns.no_match_body', defaultMessage: 'Try another campaign name.' },
    noMatchBodyStaff: {
      id: 'campaigns.no_match_body_staff',
      defaultMessage: 'Try another campaign name, user name or company.',
    },
    clearSearch: { id: 'campaigns.clear_search', defaultMessage: 'Clear the search' },
    back: { id: 'campaigns.back', defaultMessage: 'Back to my campaigns' },
    backStaff: { id: 'campaigns.back_staff', defaultMessage: 'Back to the campaigns' },
    detailToolbar: { id: 'campaigns.detail_toolbar', defaultMessage: 'Campaign tools' },
    viewLabel: { id: 'campaigns.view_label', defaultMessage: 'Display the prospects as' },
    viewColumns: { id: 'campaigns.view_columns', defaultMessage: 'Columns' },
    viewTable: { id: 'campaigns.view_table', defaultMessage: 'Table' },
    prospectSearchLabel: {
      id: 'campaigns.prospect_search_label',
      defaultMessage: 'Search by first name, last name, company or position',
    },
    prospectSearchPlaceholder: {
      id: 'campaigns.prospect_search_placeholder',
      defaultMessage: 'e.g. Dupont',
    },
    sortLabel: { id: 'campaigns.sort_label', defaultMessage: 'Sort by' },
    sortAscending: { id: 'campaigns.sort_ascending', defaultMessage: 'Ascending order' },
    sortDescending: { id: 'campaigns.sort_descending', defaultMessage: 'Descending order' },
    sortDirectionLabel: {
      id: 'campaigns.sort_direction_label',
      defaultMessage: 'Change the sort direction',
    },
    fieldAdded: { id: 'campaigns.field_added', defaultMessage: 'Added on' },
    fieldTitle: { id: 'campaigns.field_title', defaultMessage: 'Title' },
    fieldComment: { id: 'campaigns.field_comment', defaultMessage: 'Last comment' },
    fieldAction: { id: 'campaigns.field_action', defaultMessage: 'Action' },
    fieldDetails: { id: 'campaigns.field_details', defaultMessage: 'Details' },
    categoryOngoing: { id: 'campaigns.category_ongoing', defaultMessage: 'Ongoing' },
    categoryToCall: { id: 'campaigns.category_to_call', defaultMessage: 'To call' },
    categoryAnswerers: { id: 'campaigns.category_answerers', defaultMessage: 'Answerers' },
    categoryLost: { id: 'campaigns.category_lost', defaultMessage: 'Lost' },
    categoryConverted: { id: 'campaigns.category_converted', defaultMessage: 'New opportunities' },
    categoryNurture: {
      id: 'campaigns.category_nurture',
      defaultMessage: 'Opportunities to engage',
    },
    boardLabel: {
      id: 'campaigns.board_label',
      defaultMessage: 'Prospects of the campaign by category',
    },
    tableProspectsLabel: {
      id: 'campaigns.table_prospects_label',
      defaultMessage: 'Prospects of the campaign',
    },
    open: { id: 'campaigns.open', defaultMessage: 'Open' },
    export: { id: 'campaigns.export', defaultMessage: 'Export' },
    exportError: {
      id: 'campaigns.export_error',
      defaultMessage: 'The export failed. Please try again.',
    },
    refreshCampaign: { id: 'campaigns.refresh_campaign', defaultMessage: 'Refresh the campaign' },
    refreshSuccess: {
      id: 'campaigns.refresh_success',
      defaultMessage: 'The campaign has been refreshed.',
    },
    refreshError: {
      id: 'campaigns.refresh_error',
      defaultMessage:
        'The campaign could not be refreshed. The prospects shown are still the last ones loaded.',
    },
    neverUpdated: { id: 'campaigns.never_updated', defaultMessage: 'Never refreshed yet' },
    reloadProspects: { id: 'campaigns.reload_prospects', defaultMessage: 'Reload the prospects' },
    pageSize: { id: 'campaigns.page_size', defaultMessage: 'Rows per page' },
    previousPage: { id: 'campaigns.previous_page', defaultMessage: 'Previous page' },
    nextPage: { id: 'campaigns.next_page', defaultMessage: 'Next page' },
    detailLoading: { id: 'campaigns.detail_loading', defaultMessage: 'Loading the campaign…' },
    detailErrorTitle: {
      id: 'campaigns.detail_error_title',
      defaultMessage: 'The campaign could not be loaded.',
    },
    notFoundTitle: {
      id: 'campaigns.not_found_title',
      defaultMessage: 'This campaign does not exist.',
    },
    notFoundBody: {
      id: 'campaigns.not_found_body',
      defaultMessage: 'It may have been removed, or the link is wrong.',
    },
    prospectsEmptyTitle: {
      id: 'campaigns.prospects_empty_title',
      defaultMessage: 'No prospects in this campaign yet',
    },
    prospectsEmptyBody: {
      id: 'campaigns.prospects_empty_body',
      defaultMessage: 'The prospects will appear here as soon as the campaign adds them.',
    },
    prospectNoMatchBody: {
      id: 'campaigns.prospect_no_match_body',
      defaultMessage: 'Try another name, company or position.',
    },
  }),
  /** Whose campaigns staff are viewing; `elision` is 'yes' before a vowel (French d’). */
  listTitleOf: defineMessage<{ name: string; elision: 'yes' | 'no' }>({
    id: 'campaigns.list_title_of',
    defaultMessage: '{elision, select, other {{name}’s campaigns}}',
  }),
  /** Whose campaigns staff are viewing; `elision` is 'yes' before a vowel (French d’). */
  backOf: defineMessage<{ name: string; elision: 'yes' | 'no' }>({
    id: 'campaigns.back_of',
    defaultMessage: '{elision, select, other {Back to {name}’s campaigns}}',
  }),
  lastUpdate: defineMessage<{ date: string }>({
    id: 'campaigns.last_update',
    defaultMessage: 'Last update: {date}',
  }),
  unknownSends: defineMessage<{ count: number }>({
    id: 'campaigns.unknown_sends',
    defaultMessage:
      '{count, plural, one {# e-mail of this campaign has an unknown outcome: it was handed to the mail server, but Prospecta stopped before recording the answer. It may or may not have left, and it will not be sent again.} other {# e-mails of this campaign have an unknown outcome: they were handed to the mail server, but Prospecta stopped before recording the answer. They may or may not have left, and they will not be sent again.}}',
  }),
  prospectsCount: defineMessage<{ count: number }>({
    id: 'campaigns.prospects_count',
    defaultMessage: '{count, plural, =0 {No prospects} one {# prospect} other {# prospects}}',
  }),
  prospectsCountFiltered: defineMessage<{ shown: number; total: number }>({
    id: 'campaigns.prospects_count_filtered',
    defaultMessage:
      '{shown, plural, =0 {No prospects} one {# prospect} other {# prospects}} shown out of {total}',
  }),
  prospectNoMatchTitle: defineMessage<{ query: string }>({
    id: 'campaigns.prospect_no_match_title',
    defaultMessage: 'No prospect matches “{query}”.',
  }),
  pageStatus: defineMessage<{ page: number; pages: number }>({
    id: 'campaigns.page_status',
    defaultMessage: 'Page {page} of {pages}',
  }),
  listCount: defineMessage<{ count: number }>({
    id: 'campaigns.list_count',
    defaultMessage: '{count, plural, =0 {No campaigns} one {# campaign} other {# campaigns}}',
  }),
  listCountFiltered: defineMessage<{ shown: number; total: number }>({
    id: 'campaigns.list_count_filtered',
    defaultMessage:
      '{shown, plural, =0 {No campaigns} one {# campaign} other {# campaigns}} shown out of {total}',
  }),
  stepsRegion: defineMessage<{ name: string; elision: Elision }>({
    id: 'campaigns.steps_region',
    defaultMessage: '{elision, select, other {Steps of {name}}}',
  }),
  expandRow: defineMessage<{ name: string; elision: Elision }>({
    id: 'campaigns.expand_row',
    defaultMessage: '{elision, select, other {Show the steps of {name}}}',
  }),
  collapseRow: defineMessage<{ name: string; elision: Elision }>({
    id: 'campaigns.collapse_row',
    defaultMessage: '{elision, select, other {Hide the steps of {name}}}',
  }),
  rowMenu: defineMessage<{ name: string }>({
    id: 'campaigns.row_menu',
    defaultMessage: 'Actions for {name}',
  }),
  noMatchTitle: defineMessage<{ query: string }>({
    id: 'campaigns.no_match_title',
    defaultMessage: 'No campaign matches “{query}”.',
  }),
  funnelDescription: defineMessage<{
    name: string;
    contacted: number;
    opened: number;
    openedShare: string;
    clicked: number;
    clickedShare: string;
    answered: number;
    answeredShare: string;
    elision: Elision;
  }>({
    id: 'campaigns.funnel_description',
    defaultMessage:
      '{elision, select, other {Funnel of {name}: {contacted, plural, one {# person contacted} other {# people contacted}}, {opened} opened ({openedShare}), {clicked} clicked ({clickedShare}), {answered} answered ({answeredShare}).}}',
  }),
  sequenceTitle: defineMessage({ id: 'campaigns.sequence_title', defaultMessage: 'Sequence' }),
  sequenceLoading: defineMessage({
    id: 'campaigns.sequence_loading',
    defaultMessage: 'Loading the sequence…',
  }),
  sequenceErrorTitle: defineMessage({
    id: 'campaigns.sequence_error_title',
    defaultMessage: 'The sequence could not be loaded.',
  }),
  sequenceEmptyTitle: defineMessage({
    id: 'campaigns.sequence_empty_title',
    defaultMessage: 'No sequence yet',
  }),
  sequenceEmptyBody: defineMessage({
    id: 'campaigns.sequence_empty_body',
    defaultMessage: 'The steps of this campaign will appear here once they are written.',
  }),
  sequenceStepTitle: defineMessage<{ position: number; type: string }>({
    id: 'campaigns.sequence_step_title',
    defaultMessage: 'Step {position}: {type}',
  }),
  sequenceFirstDelay: defineMessage<{ days: number }>({
    id: 'campaigns.sequence_first_delay',
    defaultMessage:
      '{days, plural, =0 {Sent when the campaign starts.} one {Sent # day after the campaign starts.} other {Sent # days after the campaign starts.}}',
  }),
  sequenceDelay: defineMessage<{ days: number }>({
    id: 'campaigns.sequence_delay',
    defaultMessage:
      '{days, plural, =0 {Sent the same day as the previous step.} one {Sent # day after the previous step.} other {Sent # days after the previous step.}}',
  }),
  sequenceNoReply: defineMessage({
    id: 'campaigns.sequence_no_reply',
    defaultMessage: 'Only to prospects who have not replied yet.',
  }),
  sequenceSubject: defineMessage({ id: 'campaigns.sequence_subject', defaultMessage: 'Subject' }),
  sequenceBody: defineMessage({ id: 'campaigns.sequence_body', defaultMessage: 'Message' }),
  sequenceNote: defineMessage({ id: 'campaigns.sequence_note', defaultMessage: 'Invitation note' }),
  sequenceNoNote: defineMessage({
    id: 'campaigns.sequence_no_note',
    defaultMessage: 'The invitation is sent without a note.',
  }),
  sequenceTask: defineMessage({
    id: 'campaigns.sequence_task',
    defaultMessage: 'This step becomes a task for you: you send it yourself on LinkedIn.',
  }),
  tokenFirstName: defineMessage({ id: 'campaigns.token_first_name', defaultMessage: 'first name' }),
  tokenLastName: defineMessage({ id: 'campaigns.token_last_name', defaultMessage: 'last name' }),
  tokenCompany: defineMessage({ id: 'campaigns.token_company', defaultMessage: 'company' }),
  tokenPosition: defineMessage({ id: 'campaigns.token_position', defaultMessage: 'position' }),
  tokenVariable: defineMessage<{ name: string }>({
    id: 'campaigns.token_variable',
    defaultMessage: '[{name}]',
  }),
  tokenVariableFallback: defineMessage<{ name: string; fallback: string }>({
    id: 'campaigns.token_variable_fallback',
    defaultMessage: '[{name}, otherwise “{fallback}”]',
  }),
  tokenLink: defineMessage<{ label: string }>({
    id: 'campaigns.token_link',
    defaultMessage: '[link: {label}]',
  }),
  tokenUnsubscribe: defineMessage({
    id: 'campaigns.token_unsubscribe',
    defaultMessage: '[unsubscribe link]',
  }),
};

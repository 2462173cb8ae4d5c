import { defineMessage, defineMessages } from 'react-intl';

/** Every text of the dashboard (§2 Dashboard). Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  ...defineMessages({
    title: { id: 'dashboard.title', defaultMessage: 'Dashboard' },
    boardLabel: { id: 'dashboard.board_label', defaultMessage: 'Prospects by status' },
    toolbar: { id: 'dashboard.toolbar', defaultMessage: 'Dashboard tools' },
    viewLabel: { id: 'dashboard.view_label', defaultMessage: 'Display the prospects as' },
    viewColumns: { id: 'dashboard.view_columns', defaultMessage: 'Columns' },
    viewList: { id: 'dashboard.view_list', defaultMessage: 'List' },
    searchLabel: {
      id: 'dashboard.search_label',
      defaultMessage: 'Search by first name, last name, company or position',
    },
    searchPlaceholder: { id: 'dashboard.search_placeholder', defaultMessage: 'e.g. Dupont' },
    sortLabel: { id: 'dashboard.sort_label', defaultMessage: 'Sort by' },
    sortAscending: { id: 'dashboard.sort_ascending', defaultMessage: 'Ascending order' },
    sortDescending: { id: 'dashboard.sort_descending', defaultMessage: 'Descending order' },
    sortDirectionLabel: {
      id: 'dashboard.sort_direction_label',
      defaultMessage: 'Change the sort direction',
    },
    columnOngoing: { id: 'dashboard.column_ongoing', defaultMessage: 'Ongoing' },
    columnToCall: { id: 'dashboard.column_to_call', defaultMessage: 'To call' },
    columnToNurture: {
      id: 'dashboard.column_to_nurture',
      defaultMessage: 'Opportunities to engage',
    },
    columnNewOpportunity: {
      id: 'dashboard.column_new_opportunity',
      defaultMessage: 'New opportunities',
    },
    export: { id: 'dashboard.export', defaultMessage: 'Export' },
    exporting: { id: 'dashboard.exporting', defaultMessage: 'Exporting…' },
    exportError: {
      id: 'dashboard.export_error',
      defaultMessage: 'The export failed. Please try again.',
    },
    nurtureAll: { id: 'dashboard.nurture_all', defaultMessage: 'Nurture prospects' },
    nurtureAllTitle: {
      id: 'dashboard.nurture_all_title',
      defaultMessage: 'Nurture the prospects?',
    },
    nurtureAllBody: {
      id: 'dashboard.nurture_all_body',
      defaultMessage:
        'Every prospect still ongoing or to call, without any response, in a campaign that is no longer active, will move to the opportunities to engage.',
    },
    nurtureSuccess: {
      id: 'dashboard.nurture_success',
      defaultMessage: 'The prospects have been moved to the opportunities to engage.',
    },
    nurtureError: {
      id: 'dashboard.nurture_error',
      defaultMessage: 'The prospects could not be nurtured. Please try again.',
    },
    cleanNurture: { id: 'dashboard.clean_nurture', defaultMessage: 'Clean the column' },
    cleanNurtureTitle: {
      id: 'dashboard.clean_nurture_title',
      defaultMessage: 'Clean the opportunities to engage?',
    },
    cleanNurtureError: {
      id: 'dashboard.clean_nurture_error',
      defaultMessage: 'The column could not be cleaned. Please try again.',
    },
    confirmYes: { id: 'dashboard.confirm_yes', defaultMessage: 'Yes' },
    confirmNo: { id: 'dashboard.confirm_no', defaultMessage: 'No' },
    loading: { id: 'dashboard.loading', defaultMessage: 'Loading the dashboard…' },
    emptyTitle: { id: 'dashboard.empty_title', defaultMessage: 'No prospects yet' },
    emptyBody: {
      id: 'dashboard.empty_body',
      defaultMessage:
        'Your prospects will appear here as soon as a campaign starts contacting them.',
    },
    noMatchBody: {
      id: 'dashboard.no_match_body',
      defaultMessage: 'Try another name, company or position.',
    },
    clearSearch: { id: 'dashboard.clear_search', defaultMessage: 'Clear the search' },
    errorTitle: {
      id: 'dashboard.error_title',
      defaultMessage: 'The dashboard could not be loaded.',
    },
    listLabel: { id: 'dashboard.list_label', defaultMessage: 'Prospects of the dashboard' },
    pageSize: { id: 'dashboard.page_size', defaultMessage: 'Rows per page' },
    previousPage: { id: 'dashboard.previous_page', defaultMessage: 'Previous page' },
    nextPage: { id: 'dashboard.next_page', defaultMessage: 'Next page' },
    refresh: { id: 'dashboard.refresh', defaultMessage: 'Refresh' },
  }),
  summary: defineMessage<{ total: number }>({
    id: 'dashboard.summary',
    defaultMessage:
      '{total, plural, =0 {No prospects on the dashboard.} one {# prospect on the dashboard.} other {# prospects on the dashboard.}}',
  }),
  summaryFiltered: defineMessage<{ shown: number; total: number }>({
    id: 'dashboard.summary_filtered',
    defaultMessage:
      '{shown, plural, =0 {No prospects} one {# prospect} other {# prospects}} shown out of {total}.',
  }),
  cleanNurtureBody: defineMessage<{ count: number }>({
    id: 'dashboard.clean_nurture_body',
    defaultMessage:
      '{count, plural, one {The prospect of this column will be marked as nurtured and will leave the dashboard.} other {The # prospects of this column will be marked as nurtured and will leave the dashboard.}}',
  }),
  cleanNurtureSuccess: defineMessage<{ count: number }>({
    id: 'dashboard.clean_nurture_success',
    defaultMessage:
      '{count, plural, =0 {No prospect needed cleaning.} one {# prospect has been marked as nurtured.} other {# prospects have been marked as nurtured.}}',
  }),
  noMatchTitle: defineMessage<{ query: string }>({
    id: 'dashboard.no_match_title',
    defaultMessage: 'No prospect matches “{query}”.',
  }),
  pageStatus: defineMessage<{ page: number; pages: number }>({
    id: 'dashboard.page_status',
    defaultMessage: 'Page {page} of {pages}',
  }),
};

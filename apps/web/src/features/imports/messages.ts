import { defineMessage, defineMessages } from 'react-intl';
import type {
  ImportErrorCode,
  ImportField,
  ImportOtherCampaigns,
  ImportRowReason,
  ImportState,
} from '@prospecta/domain';
import type { MessageDescriptor } from 'react-intl';

/** Every text of the import of prospects (staff). Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  ...defineMessages({
    title: { id: 'imports.title', defaultMessage: 'Imports of prospects' },
    start: { id: 'imports.start', defaultMessage: 'Import prospects' },
    startAnother: { id: 'imports.start_another', defaultMessage: 'Import another file' },
    close: { id: 'imports.close', defaultMessage: 'Close' },
    emptyList: {
      id: 'imports.empty_list',
      defaultMessage: 'No import yet. Import a CSV or XLSX file to add prospects to this campaign.',
    },
    listLabel: { id: 'imports.list_label', defaultMessage: 'Past imports' },
    listLoadError: {
      id: 'imports.list_load_error',
      defaultMessage: 'The imports could not be loaded.',
    },
    open: { id: 'imports.open', defaultMessage: 'Open' },
    dropLabel: { id: 'imports.drop_label', defaultMessage: 'File of prospects' },
    chooseFile: { id: 'imports.choose_file', defaultMessage: 'Choose a file' },
    wrongType: {
      id: 'imports.wrong_type',
      defaultMessage:
        'This file is neither a CSV nor an XLSX file. Choose a .csv, .tsv, .txt or .xlsx file.',
    },
    uploadBusy: {
      id: 'imports.upload_busy',
      defaultMessage: 'The server is receiving too many files right now. Try again in a minute.',
    },
    uploadFailed: {
      id: 'imports.upload_failed',
      defaultMessage: 'The file could not be sent. Check the connection and try again.',
    },
    analysing: { id: 'imports.analysing', defaultMessage: 'Reading the file…' },
    validating: { id: 'imports.validating', defaultMessage: 'Checking every row…' },
    validatingProgress: { id: 'imports.validating_progress', defaultMessage: 'Check of the rows' },
    committing: { id: 'imports.committing', defaultMessage: 'Storing the prospects…' },
    committingProgress: {
      id: 'imports.committing_progress',
      defaultMessage: 'Storing of the prospects',
    },
    cancelling: {
      id: 'imports.cancelling',
      defaultMessage: 'Cancelling: the prospects already stored are being removed…',
    },
    cancellingProgress: {
      id: 'imports.cancelling_progress',
      defaultMessage: 'Removal of the stored prospects',
    },
    keepsGoing: {
      id: 'imports.keeps_going',
      defaultMessage:
        'You can leave this page: the import goes on and shows here again, on any device.',
    },
    mappingTitle: { id: 'imports.mapping_title', defaultMessage: 'Columns' },
    mappingHelp: {
      id: 'imports.mapping_help',
      defaultMessage:
        'Choose the prospect field each column fills. Recognised headers, French or English, are matched already.',
    },
    columnHeader: { id: 'imports.column_header', defaultMessage: 'Column of the file' },
    fieldHeader: { id: 'imports.field_header', defaultMessage: 'Prospect field' },
    recognised: { id: 'imports.recognised', defaultMessage: 'Recognised' },
    ignore: { id: 'imports.ignore', defaultMessage: 'Ignore this column' },
    otherCampaignsLabel: {
      id: 'imports.other_campaigns_label',
      defaultMessage: 'Prospects already in another active campaign',
    },
    requiredMissing: {
      id: 'imports.required_missing',
      defaultMessage: 'Choose the column that holds the e-mail address: it is required.',
    },
    mappingSaving: { id: 'imports.mapping_saving', defaultMessage: 'Saving the columns…' },
    mappingRefused: {
      id: 'imports.mapping_refused',
      defaultMessage: 'The columns could not be saved. Check them and try again.',
    },
    validate: { id: 'imports.validate', defaultMessage: 'Check the rows' },
    previewRow: { id: 'imports.preview_row', defaultMessage: 'Row' },
    previewName: { id: 'imports.preview_name', defaultMessage: 'Name' },
    previewEmail: { id: 'imports.preview_email', defaultMessage: 'E-mail' },
    previewCompany: { id: 'imports.preview_company', defaultMessage: 'Company' },
    previewPosition: { id: 'imports.preview_position', defaultMessage: 'Position' },
    previewTags: { id: 'imports.preview_tags', defaultMessage: 'Tags' },
    previewCheck: { id: 'imports.preview_check', defaultMessage: 'Check' },
    previewAccepted: { id: 'imports.preview_accepted', defaultMessage: 'Valid' },
    previewEmpty: { id: 'imports.preview_empty', defaultMessage: 'The file has no row to show.' },
    resultsTitle: { id: 'imports.results_title', defaultMessage: 'Check of the rows' },
    reasonsLabel: { id: 'imports.reasons_label', defaultMessage: 'Refused rows by reason' },
    downloadReport: {
      id: 'imports.download_report',
      defaultMessage: 'Download the refused rows (CSV)',
    },
    reportFailed: {
      id: 'imports.report_failed',
      defaultMessage: 'The report could not be downloaded. Try again.',
    },
    nothingToCommit: {
      id: 'imports.nothing_to_commit',
      defaultMessage: 'No row is valid: correct the file or the columns, then import again.',
    },
    cancel: { id: 'imports.cancel', defaultMessage: 'Cancel the import' },
    cancelConfirmTitle: {
      id: 'imports.cancel_confirm_title',
      defaultMessage: 'Cancel this import?',
    },
    cancelConfirmBody: {
      id: 'imports.cancel_confirm_body',
      defaultMessage: 'Nothing of this import will stay: the prospects already stored are removed.',
    },
    cancelConfirm: { id: 'imports.cancel_confirm', defaultMessage: 'Cancel the import' },
    cancelKeep: { id: 'imports.cancel_keep', defaultMessage: 'Keep going' },
    doneTitle: { id: 'imports.done_title', defaultMessage: 'Import done' },
    cancelledTitle: { id: 'imports.cancelled_title', defaultMessage: 'Import cancelled' },
    failedTitle: { id: 'imports.failed_title', defaultMessage: 'The import failed' },
    retry: { id: 'imports.retry', defaultMessage: 'Retry' },
    retryHint: {
      id: 'imports.retry_hint',
      defaultMessage:
        'Retry runs the failed step again; a commit goes on after the prospects already stored.',
    },
    actionFailed: {
      id: 'imports.action_failed',
      defaultMessage:
        'The import changed meanwhile (on another device?). Its current state is shown.',
    },
    actionError: {
      id: 'imports.action_error',
      defaultMessage: 'That did not work. Check the connection and try again.',
    },
    loadError: { id: 'imports.load_error', defaultMessage: 'The import could not be loaded.' },
    reload: { id: 'imports.reload', defaultMessage: 'Try again' },
  }),
  listItem: defineMessage<{ name: string; date: string }>({
    id: 'imports.list_item',
    defaultMessage: '{name}, started on {date}',
  }),
  openLabel: defineMessage<{ name: string }>({
    id: 'imports.open_label',
    defaultMessage: 'Open the import of {name}',
  }),
  importedCount: defineMessage<{ count: number }>({
    id: 'imports.imported_count',
    defaultMessage: '{count, plural, one {# prospect imported} other {# prospects imported}}',
  }),
  dropHint: defineMessage<{ size: string; rows: string }>({
    id: 'imports.drop_hint',
    defaultMessage:
      'CSV (separated by commas, semicolons or tabs) or XLSX, up to {size} and {rows} rows. You can also drop the file here.',
  }),
  tooLarge: defineMessage<{ size: string }>({
    id: 'imports.too_large',
    defaultMessage: 'This file is over {size}. Split it into smaller files.',
  }),
  uploadProgress: defineMessage<{ name: string }>({
    id: 'imports.upload_progress',
    defaultMessage: 'Upload of “{name}”',
  }),
  removeFile: defineMessage<{ name: string }>({
    id: 'imports.remove_file',
    defaultMessage: 'Remove “{name}”',
  }),
  analysingProgress: defineMessage<{ name: string }>({
    id: 'imports.analysing_progress',
    defaultMessage: 'Reading of “{name}”',
  }),
  rowsProgress: defineMessage<{ done: number; total: number }>({
    id: 'imports.rows_progress',
    defaultMessage: '{done, number} of {total, number} rows',
  }),
  fileSummary: defineMessage<{
    format: 'csv' | 'xlsx';
    name: string;
    rows: number;
    columns: number;
  }>({
    id: 'imports.file_summary',
    defaultMessage:
      '{format, select, xlsx {XLSX file} other {CSV file}} “{name}”: {rows, plural, one {# row} other {# rows}}, {columns, plural, one {# column} other {# columns}}.',
  }),
  emptyColumn: defineMessage<{ number: number }>({
    id: 'imports.empty_column',
    defaultMessage: 'Column {number} (no header)',
  }),
  fieldTwice: defineMessage<{ field: string }>({
    id: 'imports.field_twice',
    defaultMessage: '“{field}” fills more than one column. Only tags may fill several.',
  }),
  previewTitle: defineMessage<{ count: number }>({
    id: 'imports.preview_title',
    defaultMessage: 'The first {count, plural, one {row} other {# rows}} as they will be stored',
  }),
  validCount: defineMessage<{ count: number }>({
    id: 'imports.valid_count',
    defaultMessage: '{count, plural, one {# valid row} other {# valid rows}}',
  }),
  refusedCount: defineMessage<{ count: number }>({
    id: 'imports.refused_count',
    defaultMessage: '{count, plural, one {# refused row} other {# refused rows}}',
  }),
  reasonCount: defineMessage<{ reason: string; count: number }>({
    id: 'imports.reason_count',
    defaultMessage: '{reason}: {count, number}',
  }),
  commit: defineMessage<{ count: number }>({
    id: 'imports.commit',
    defaultMessage: '{count, plural, one {Import # prospect} other {Import # prospects}}',
  }),
  doneBody: defineMessage<{ imported: number; refused: number }>({
    id: 'imports.done_body',
    defaultMessage:
      '{imported, plural, one {# prospect was added} other {# prospects were added}} to the campaign; {refused, plural, =0 {no row was refused} one {# row was refused} other {# rows were refused}}.',
  }),
  cancelledBody: defineMessage<{ name: string }>({
    id: 'imports.cancelled_body',
    defaultMessage: 'Nothing of “{name}” was kept in the campaign.',
  }),
};

export const stateMessages = defineMessages({
  analysing: { id: 'imports.state_analysing', defaultMessage: 'Reading' },
  mapping: { id: 'imports.state_mapping', defaultMessage: 'Columns to check' },
  validating: { id: 'imports.state_validating', defaultMessage: 'Checking' },
  validated: { id: 'imports.state_validated', defaultMessage: 'Ready to import' },
  committing: { id: 'imports.state_committing', defaultMessage: 'Importing' },
  done: { id: 'imports.state_done', defaultMessage: 'Done' },
  cancelling: { id: 'imports.state_cancelling', defaultMessage: 'Cancelling' },
  cancelled: { id: 'imports.state_cancelled', defaultMessage: 'Cancelled' },
  failed: { id: 'imports.state_failed', defaultMessage: 'Failed' },
}) satisfies Record<ImportState, MessageDescriptor>;

export const fieldMessages = defineMessages({
  title: { id: 'imports.field_title', defaultMessage: 'Title (Mr, Mrs)' },
  first_name: { id: 'imports.field_first_name', defaultMessage: 'First name' },
  last_name: { id: 'imports.field_last_name', defaultMessage: 'Last name' },
  email: { id: 'imports.field_email', defaultMessage: 'E-mail' },
  phone: { id: 'imports.field_phone', defaultMessage: 'Phone' },
  direct_line: { id: 'imports.field_direct_line', defaultMessage: 'Direct line' },
  linkedin: { id: 'imports.field_linkedin', defaultMessage: 'LinkedIn' },
  reference: { id: 'imports.field_reference', defaultMessage: 'Reference' },
  position: { id: 'imports.field_position', defaultMessage: 'Position' },
  company_name: { id: 'imports.field_company_name', defaultMessage: 'Company' },
  company_website: { id: 'imports.field_company_website', defaultMessage: 'Company website' },
  company_address: { id: 'imports.field_company_address', defaultMessage: 'Company address' },
  tags: { id: 'imports.field_tags', defaultMessage: 'Tags' },
}) satisfies Record<ImportField, MessageDescriptor>;

export const otherCampaignsMessages = defineMessages({
  skip: { id: 'imports.other_campaigns_skip', defaultMessage: 'Skip them (refused)' },
  add: { id: 'imports.other_campaigns_add', defaultMessage: 'Add them to this campaign too' },
}) satisfies Record<ImportOtherCampaigns, MessageDescriptor>;

export const reasonMessages = {
  ...defineMessages({
    missing_email: { id: 'imports.reason_missing_email', defaultMessage: 'No e-mail address' },
    invalid_email: { id: 'imports.reason_invalid_email', defaultMessage: 'Not an e-mail address' },
    invalid_linkedin: {
      id: 'imports.reason_invalid_linkedin',
      defaultMessage: 'Not a LinkedIn address',
    },
    value_too_long: {
      id: 'imports.reason_value_too_long',
      defaultMessage: 'A cell is over 1,000 characters',
    },
    duplicate_in_file: {
      id: 'imports.reason_duplicate_in_file',
      defaultMessage: 'Same e-mail as an earlier row',
    },
    already_in_campaign: {
      id: 'imports.reason_already_in_campaign',
      defaultMessage: 'Already in this campaign',
    },
    in_other_active_campaign: {
      id: 'imports.reason_in_other_active_campaign',
      defaultMessage: 'Already in another active campaign',
    },
    unsubscribed: { id: 'imports.reason_unsubscribed', defaultMessage: 'Unsubscribed' },
    bounced: { id: 'imports.reason_bounced', defaultMessage: 'Address bounced' },
  }),
} satisfies Record<ImportRowReason, MessageDescriptor>;

export const errorMessages = defineMessages({
  empty_file: { id: 'imports.error_empty_file', defaultMessage: 'The file is empty.' },
  no_rows: {
    id: 'imports.error_no_rows',
    defaultMessage: 'The file has a header row but no prospect under it.',
  },
  file_too_large: {
    id: 'imports.error_file_too_large',
    defaultMessage: 'The file is over 50 MB. Split it into smaller files.',
  },
  too_many_rows: {
    id: 'imports.error_too_many_rows',
    defaultMessage: 'The file has more than 100,000 rows. Split it into smaller files.',
  },
  too_many_columns: {
    id: 'imports.error_too_many_columns',
    defaultMessage: 'A row has more than 200 columns: check the separator of the file.',
  },
  row_too_large: {
    id: 'imports.error_row_too_large',
    defaultMessage: 'A row holds more than 1 MB of text: check the quotes of the file.',
  },
  not_a_spreadsheet: {
    id: 'imports.error_not_a_spreadsheet',
    defaultMessage: 'The file is neither a CSV nor an XLSX file.',
  },
  unsupported_format: {
    id: 'imports.error_unsupported_format',
    defaultMessage: 'This format is not read (an old .xls file?). Save it as XLSX or CSV.',
  },
  unsupported_encoding: {
    id: 'imports.error_unsupported_encoding',
    defaultMessage: 'The file’s text is in UTF-16. Save it as CSV in UTF-8.',
  },
  mixed_encodings: {
    id: 'imports.error_mixed_encodings',
    defaultMessage: 'The file mixes two text encodings. Save it again as CSV in UTF-8.',
  },
  malformed_csv: {
    id: 'imports.error_malformed_csv',
    defaultMessage: 'The CSV file is broken: a quote is never closed.',
  },
  malformed_xlsx: {
    id: 'imports.error_malformed_xlsx',
    defaultMessage: 'The XLSX file is damaged. Open it and save it again.',
  },
  xlsx_too_large_uncompressed: {
    id: 'imports.error_xlsx_too_large_uncompressed',
    defaultMessage: 'The XLSX file unpacks to more than 512 MB and is refused.',
  },
  file_missing: {
    id: 'imports.error_file_missing',
    defaultMessage: 'The uploaded file is no longer on the server. Upload it again.',
  },
  internal_error: {
    id: 'imports.error_internal_error',
    defaultMessage:
      'The server met an unexpected problem. Retry; if it fails again, tell the team.',
  },
}) satisfies Record<ImportErrorCode, MessageDescriptor>;

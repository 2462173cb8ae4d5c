import { defineMessage, defineMessages } from 'react-intl';
import type { SortField } from './boardModel';
import type { Elision } from '../../core/i18n';

/** The texts of the prospect board shared by the dashboard and the campaign detail. Catalogues: ./i18n/{fr,en}.json. */
export const messages = {
  ...defineMessages({
    noName: { id: 'board.no_name', defaultMessage: 'Unnamed prospect' },
    fieldFirstName: { id: 'board.field_first_name', defaultMessage: 'First name' },
    fieldLastName: { id: 'board.field_last_name', defaultMessage: 'Last name' },
    fieldCompany: { id: 'board.field_company', defaultMessage: 'Company' },
    fieldPosition: { id: 'board.field_position', defaultMessage: 'Position' },
    fieldStatus: { id: 'board.field_status', defaultMessage: 'Status' },
    fieldScore: { id: 'board.field_score', defaultMessage: 'Score' },
    fieldTags: { id: 'board.field_tags', defaultMessage: 'Tags' },
    fieldCampaign: { id: 'board.field_campaign', defaultMessage: 'Campaign' },
    columnEmpty: { id: 'board.column_empty', defaultMessage: 'No prospects in this column.' },
  }),
  columnCount: defineMessage<{ count: number }>({
    id: 'board.column_count',
    defaultMessage: '{count, plural, =0 {No prospects} one {# prospect} other {# prospects}}',
  }),
  openProspect: defineMessage<{ name: string; elision: Elision }>({
    id: 'board.open_prospect',
    defaultMessage: '{elision, select, other {Open the details of {name}}}',
  }),
  scoreValue: defineMessage<{ score: number }>({
    id: 'board.score_value',
    defaultMessage: 'Score: {score}',
  }),
};

/** The name of each field the prospects can be sorted by. */
export const sortFieldMessages = {
  first_name: messages.fieldFirstName,
  last_name: messages.fieldLastName,
  company: messages.fieldCompany,
  position: messages.fieldPosition,
  status: messages.fieldStatus,
  score: messages.fieldScore,
} satisfies Record<SortField, unknown>;

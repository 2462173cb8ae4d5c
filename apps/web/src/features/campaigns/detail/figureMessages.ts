import { defineMessage, defineMessages } from 'react-intl';

/** The texts of the figures panel and of the prospects behind a figure (decision 0174). Catalogues: ../i18n. */
export const figureMessages = {
  ...defineMessages({
    title: { id: 'campaigns.figures_title', defaultMessage: 'Figures' },
    description: {
      id: 'campaigns.figures_description',
      defaultMessage: 'Each figure counts prospects: open it to see who they are.',
    },
    scope: { id: 'campaigns.figures_scope', defaultMessage: 'Counted for' },
    wholeCampaign: { id: 'campaigns.figures_whole_campaign', defaultMessage: 'Whole campaign' },
    titleContacted: {
      id: 'campaigns.figure_title_contacted',
      defaultMessage: 'Contacted prospects',
    },
    titleOpened: { id: 'campaigns.figure_title_opened', defaultMessage: 'Prospects who opened' },
    titleClicked: { id: 'campaigns.figure_title_clicked', defaultMessage: 'Prospects who clicked' },
    titleAnswered: {
      id: 'campaigns.figure_title_answered',
      defaultMessage: 'Prospects who answered',
    },
    name: { id: 'campaigns.figure_name', defaultMessage: 'Prospect' },
    company: { id: 'campaigns.figure_company', defaultMessage: 'Company' },
    since: { id: 'campaigns.figure_since', defaultMessage: 'Since' },
    empty: { id: 'campaigns.figure_empty', defaultMessage: 'No prospect is counted here yet.' },
    loading: { id: 'campaigns.figure_loading', defaultMessage: 'Loading the prospects…' },
    error: { id: 'campaigns.figure_error', defaultMessage: 'The prospects could not be loaded.' },
    close: { id: 'campaigns.figure_close', defaultMessage: 'Close' },
  }),
  step: defineMessage<{ position: number; name: string }>({
    id: 'campaigns.figures_step',
    defaultMessage: 'Step {position}: {name}',
  }),
  button: defineMessage<{ scope: string; figure: string; count: string }>({
    id: 'campaigns.figures_button',
    defaultMessage: '{scope}, {figure}: {count}. Show the prospects.',
  }),
  count: defineMessage<{ count: number }>({
    id: 'campaigns.figure_count',
    defaultMessage: '{count, plural, one {# prospect} other {# prospects}}, first in first.',
  }),
  capped: defineMessage<{ shown: number }>({
    id: 'campaigns.figure_capped',
    defaultMessage: 'The first {shown} are listed; the campaign’s table and export give them all.',
  }),
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ProspectSummary } from '@prospecta/api-client';
import { makeProspectSummary, makeTag, UNBROKEN_TAG_LABEL } from '@prospecta/api-client/fixtures';
import { CAMPAIGN_CATEGORIES, displayCategory, type CampaignCategory } from '@prospecta/domain';
import { useLocale } from '../../../core/i18n';
import { campaignProspects, scenarioCampaign } from '../../../testing/campaigns';
import { withApp } from '../../../testing/decorators';
import { atWidth, backToTop, WIDTH_VIEWPORTS } from '../../../testing/stories';
import { DEFAULT_SORT, type BoardGrouping, useBoardModel } from '../../board';
import { CampaignBoard } from './CampaignBoard';

/** The campaign columns as the detail page builds them: displayed category (§4), sorted by first name (§9). */
const GROUPING: BoardGrouping<ProspectSummary, CampaignCategory> = {
  columns: CAMPAIGN_CATEGORIES,
  columnOf: displayCategory,
  keepUngrouped: true,
};
const NONE: readonly ProspectSummary[] = [];

interface BoardStoryProps {
  /** The campaign's prospects (default: campaign 50 of the fixture scenario, with its long-named prospect). */
  prospects?: readonly ProspectSummary[];
  /** Generated prospects instead (the size cases). */
  count?: number;
  isStaff?: boolean;
  loading?: boolean;
  onOpen: (prospect: ProspectSummary) => void;
}

function Board({ prospects, count, isStaff = false, loading = false, onOpen }: BoardStoryProps) {
  const { locale } = useLocale();
  const shown = useMemo(
    () =>
      count === undefined ? (prospects ?? scenarioCampaign().prospects) : campaignProspects(count),
    [prospects, count],
  );
  const board = useBoardModel(loading ? NONE : shown, '', DEFAULT_SORT, locale, GROUPING);
  return (
    <CampaignBoard columns={board.columns} isStaff={isStaff} onOpen={onOpen} loading={loading} />
  );
}

const meta = {
  title: 'Screens/Campaign/Board',
  component: Board,
  decorators: [withApp],
  args: { onOpen: fn() },
} satisfies Meta<typeof Board>;
export default meta;
type Story = StoryObj<typeof meta>;

const TITLES = [
  'Ongoing',
  'To call',
  'Answerers',
  'Lost',
  'New opportunities',
  'Opportunities to engage',
];
const countOf = (canvasElement: HTMLElement, id: CampaignCategory) =>
  Number(within(canvasElement).getByTestId(`campaign-column-${id}`).dataset.count);
/** The columns' titles in board order (each column is a region named by its title). */
const columnTitles = (canvasElement: HTMLElement) =>
  CAMPAIGN_CATEGORIES.map((id) => {
    const column = within(canvasElement)
      .getByTestId(`campaign-column-${id}`)
      .querySelector('section')!;
    return canvasElement.ownerDocument.getElementById(column.getAttribute('aria-labelledby') ?? '')
      ?.textContent;
  });

/**
 * A customer's columns (§2 Campaign detail): the six categories in order with their counts; nurtured prospects stay
 * off the board, answers make answerers unless lost, converted or nurture win; no scores; a card opens its prospect.
 */
export const Customer: Story = {
  args: { count: 14 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('region', { name: 'Prospects of the campaign by category' }),
    ).toBeInTheDocument();
    await expect(columnTitles(canvasElement)).toEqual(TITLES);
    const prospects = campaignProspects(14);
    for (const id of CAMPAIGN_CATEGORIES) {
      await expect({ id, count: countOf(canvasElement, id) }).toEqual({
        id,
        count: prospects.filter((p) => displayCategory(p) === id).length,
      });
    }
    // 14 prospects over every status: every column has cards; the 2 nurtured stay off the board.
    await expect(canvas.queryByText('No prospects in this column.')).not.toBeInTheDocument();
    await expect(canvas.getAllByTestId('prospect-card')).toHaveLength(12);
    await expect(canvas.queryByRole('img', { name: /^Score/ })).not.toBeInTheDocument();
    const [card] = canvas.getAllByTestId('prospect-card');
    await userEvent.click(
      within(card!).getByRole('button', {
        name: `Open the details of ${card!.dataset.prospectName}`,
      }),
    );
    await expect(args.onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ id: Number(card!.dataset.prospectId) }),
    );
  },
};

/** Staff, French: the scenario's campaign (its long-named prospect) with scores, French column titles, counts and empty columns. */
export const StaffFrench: Story = {
  globals: { locale: 'fr' },
  args: { isStaff: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('region', { name: 'Prospects de la campagne par catégorie' }),
    ).toBeInTheDocument();
    await expect(columnTitles(canvasElement)).toEqual([
      'En cours',
      'À appeler',
      'Ont répondu',
      'Perdus',
      'Nouvelles opportunités',
      'Opportunités à travailler',
    ]);
    // The columns are virtualised: their cards appear once the columns have measured themselves.
    await expect(
      (await canvas.findAllByRole('img', { name: /^Score\u00a0: \d+$/ })).length,
    ).toBeGreaterThan(0);
    await expect(canvas.getAllByText('Aucun prospect dans cette colonne.').length).toBeGreaterThan(
      0,
    );
    await expect(canvas.getAllByRole('button', { name: /^Ouvrir le détail (de |d’)/ }).length).toBe(
      canvas.getAllByTestId('prospect-card').length,
    );
  },
};

/** Loading: three skeleton cards per column and no count (the counts are not known yet). */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('kanban-skeleton-card')).toHaveLength(18);
    await expect(columnTitles(canvasElement)).toEqual(TITLES);
    await expect(canvas.queryByRole('img', { name: /prospects?$/ })).not.toBeInTheDocument();
  },
};

/** A campaign whose prospects are all nurtured (off the board, §4): six empty columns that say so. */
export const Empty: Story = {
  args: { prospects: [makeProspectSummary(1, { status: 'nurtured' })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('No prospects in this column.')).toHaveLength(6);
    await expect(canvas.getAllByRole('img', { name: 'No prospects' })).toHaveLength(6);
    await expect(canvas.queryByTestId('prospect-card')).not.toBeInTheDocument();
  },
};

const UNBROKEN_COMPANY = 'Compagniegénéraledesétablissementsindustrielsréunisdelasuisseromande';

/** Long names, an unbroken company name and tag, and a prospect without a name, in every column. */
const edgeProspects: ProspectSummary[] = [
  ...scenarioCampaign().prospects,
  makeProspectSummary(
    90,
    {
      status: 'ongoing',
      hasResponses: false,
      tags: [makeTag(5, { label: UNBROKEN_TAG_LABEL }), makeTag(1), makeTag(2), makeTag(3)],
    },
    { company_name: UNBROKEN_COMPANY },
  ),
  makeProspectSummary(
    91,
    { status: 'converted' },
    { first_name: '', last_name: '', position: null },
  ),
];

/** Long names wrap inside their card, the unbroken word breaks rather than overflow, a nameless prospect reads 'Unnamed prospect'. */
export const LongNames: Story = {
  args: { prospects: edgeProspects, isStaff: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The columns are virtualised: their cards appear once the columns have measured themselves.
    await expect(
      await canvas.findByRole('button', { name: 'Open the details of Unnamed prospect' }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(new RegExp(UNBROKEN_COMPANY))).toBeInTheDocument();
    // No card is wider than its column: every card's text stays inside its own box.
    for (const card of canvas.getAllByRole('article')) {
      await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    }
  },
};

/** 10,000 prospects (staff): counts in the thousands, virtualised columns keep the DOM small. */
export const TenThousandProspects: Story = {
  args: { count: 10_000, isStaff: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: '1,429 prospects' })).toBeInTheDocument();
    await expect(CAMPAIGN_CATEGORIES.reduce((sum, id) => sum + countOf(canvasElement, id), 0)).toBe(
      10_000 - 1_428,
    );
    await expect(canvas.getAllByTestId('prospect-card').length).toBeLessThan(80);
    await expect(canvasElement.querySelectorAll('*').length).toBeLessThan(1500);
  },
};

/**
 * 1280 px, keyboard: the six columns are wider than the board, and each card Tab reaches is scrolled wholly into the
 * board's view, the columns after 'Lost' included (a focused card once sat past the board's edge).
 */
export const FocusedCardScrollsIntoView: Story = {
  globals: atWidth(1280),
  parameters: { viewport: WIDTH_VIEWPORTS },
  args: { count: 14 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const board = canvas.getByRole('region', { name: 'Prospects of the campaign by category' });
    await expect(board.scrollWidth).toBeGreaterThan(board.clientWidth);
    const cards = canvas.getAllByTestId('prospect-card').length;
    await userEvent.click(board);
    const outside: string[] = [];
    for (let i = 0; i < cards; i += 1) {
      await userEvent.tab();
      const focused = canvasElement.ownerDocument.activeElement as HTMLElement;
      const card = focused.closest('li') ?? focused;
      const box = card.getBoundingClientRect();
      const frame = board.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1)
        outside.push(focused.getAttribute('aria-label') ?? '');
    }
    await expect(outside).toEqual([]);
    // The last card Tab reached is in the last column: the picture shows the board scrolled to its end, that card whole.
    board.scrollLeft = board.scrollWidth;
    backToTop();
  },
};

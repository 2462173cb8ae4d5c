import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ProspectSummary } from '@prospecta/api-client';
import {
  LONG_COMPANY_NAME,
  makeProspectSummary,
  makeTag,
  UNBROKEN_TAG_LABEL,
} from '@prospecta/api-client/fixtures';
import { CAMPAIGN_CATEGORIES, displayCategory, type CampaignCategory } from '@prospecta/domain';
import { useLocale } from '../../../core/i18n';
import { campaignProspects, scenarioCampaign } from '../../../testing/campaigns';
import { withApp } from '../../../testing/decorators';
import { expectWordsWhole } from '../../../testing/layout';
import { atWidth, WIDTH_VIEWPORTS } from '../../../testing/stories';
import { statusMessages } from '../../prospect';
import { DEFAULT_SORT, type BoardGrouping, type BoardSort, useBoardModel } from '../../board';
import { CampaignTable } from './CampaignTable';

/** The table lists every prospect of the campaign, nurtured ones included (the detail page's grouping). */
const GROUPING: BoardGrouping<ProspectSummary, CampaignCategory> = {
  columns: CAMPAIGN_CATEGORIES,
  columnOf: displayCategory,
  keepUngrouped: true,
};
const NONE: readonly ProspectSummary[] = [];

interface TableStoryProps {
  /** The campaign's prospects (default: campaign 50 of the fixture scenario). */
  prospects?: readonly ProspectSummary[];
  /** Generated prospects instead (the paging and size cases). */
  count?: number;
  isStaff?: boolean;
  loading?: boolean;
  onOpen: (prospect: ProspectSummary) => void;
  onReload: () => void;
}

/** The table as the detail page drives it: the page keeps the sort and hands over the sorted rows (status by its label). */
function ProspectsTable({
  prospects,
  count,
  isStaff = false,
  loading = false,
  onOpen,
  onReload,
}: TableStoryProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [sort, setSort] = useState<BoardSort>(DEFAULT_SORT);
  const statusText = useCallback(
    (status: ProspectSummary['prospecting_status']) => intl.formatMessage(statusMessages[status]),
    [intl],
  );
  const shown = useMemo(
    () =>
      count === undefined ? (prospects ?? scenarioCampaign().prospects) : campaignProspects(count),
    [prospects, count],
  );
  const board = useBoardModel(loading ? NONE : shown, '', sort, locale, GROUPING, statusText);
  return (
    <CampaignTable
      rows={board.rows}
      isStaff={isStaff}
      sort={sort}
      onSortChange={setSort}
      onOpen={onOpen}
      query=""
      onReload={onReload}
      reloading={false}
      loading={loading}
      empty={null}
    />
  );
}

const meta = {
  title: 'Screens/Campaign/Table',
  component: ProspectsTable,
  decorators: [withApp],
  args: { onOpen: fn(), onReload: fn() },
} satisfies Meta<typeof ProspectsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const bodyRows = (canvas: Canvas) => within(canvas.getByRole('table')).getAllByRole('row').slice(1);
/** The cells of one column on the current page, found by its header. */
function columnCells(canvas: Canvas, header: RegExp): HTMLTableCellElement[] {
  const headers = within(canvas.getByRole('table')).getAllByRole('columnheader');
  const index = headers.findIndex((th) => header.test(th.textContent ?? ''));
  return bodyRows(canvas).map((row) => (row as HTMLTableRowElement).cells[index]!);
}
const columnTexts = (canvas: Canvas, header: RegExp) =>
  columnCells(canvas, header).map((cell) => cell.textContent ?? '');
const inOrder = (values: string[], locale: string, direction: 1 | -1 = 1) => {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return values.every(
    (value, i) => i === 0 || collator.compare(values[i - 1]!, value) * direction <= 0,
  );
};

/**
 * A customer's table (§2): no score column; 25 rows a page; sorting by a header (ascending, then descending) goes back
 * to the first page; page size 50; next and previous; 'Open' opens the prospect and the reload button reloads.
 */
export const SortPageAndOpen: Story = {
  args: { count: 60 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('table', { name: 'Prospects of the campaign' }),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('columnheader', { name: /Score/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('columnheader', { name: /First name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(bodyRows(canvas)).toHaveLength(25);
    await expect(canvas.getByText('Page 1 of 3')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('Page 2 of 3')).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: /^Last name/ }));
    await expect(canvas.getByRole('columnheader', { name: /Last name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(canvas.getByText('Page 1 of 3')).toBeInTheDocument();
    await expect(inOrder(columnTexts(canvas, /^Last name/), 'en')).toBe(true);
    await userEvent.click(canvas.getByRole('button', { name: /^Last name/ }));
    await expect(canvas.getByRole('columnheader', { name: /Last name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(inOrder(columnTexts(canvas, /^Last name/), 'en', -1)).toBe(true);

    await userEvent.click(canvas.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', { name: '50' }),
    );
    await waitFor(() => expect(bodyRows(canvas)).toHaveLength(50));
    await expect(canvas.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(bodyRows(canvas)).toHaveLength(10);
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await expect(canvas.getByText('Page 1 of 2')).toBeInTheDocument();

    const first = bodyRows(canvas)[0]!;
    await userEvent.click(within(first).getByRole('button', { name: /^Open the details of / }));
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the prospects' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
  },
};

/** Staff: the score column comes first and sorts numerically; a prospect without a score stays last both ways. */
export const StaffSortsByScore: Story = {
  args: { count: 20, isStaff: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Score/ }));
    await expect(canvas.getByRole('columnheader', { name: /Score/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const ascending = columnTexts(canvas, /^Score/);
    const numbers = ascending.filter((text) => text !== '').map(Number);
    await expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await expect(ascending.at(-1)).toBe('');
    await userEvent.click(canvas.getByRole('button', { name: /^Score/ }));
    const descending = columnTexts(canvas, /^Score/);
    await expect(descending.filter((text) => text !== '').map(Number)).toEqual(
      [...numbers].sort((a, b) => b - a),
    );
    await expect(descending.at(-1)).toBe('');
  },
};

/** Loading: the 5-row skeleton (§9), paging disabled. */
export const Loading: Story = {
  args: { loading: true, isStaff: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('table-skeleton-row')).toHaveLength(5);
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

const UNBROKEN_COMPANY = 'Compagniegénéraledesétablissementsindustrielsréunisdelasuisseromande';

/** The scenario's campaign (its long-named prospect) plus an unbroken company name and tag and a nameless prospect. */
const edgeProspects: ProspectSummary[] = [
  ...scenarioCampaign().prospects,
  makeProspectSummary(
    90,
    {
      status: 'ongoing',
      tags: [makeTag(5, { label: UNBROKEN_TAG_LABEL }), makeTag(1), makeTag(2), makeTag(3)],
    },
    { company_name: UNBROKEN_COMPANY },
  ),
  makeProspectSummary(
    91,
    { status: 'converted' },
    { first_name: '', last_name: '', position: null, company_name: LONG_COMPANY_NAME },
  ),
];

/**
 * 1280 px, staff, long names: words wrap between words, never in the middle (a squeezed column once printed
 * 'Boulangeri / e' and 'Not spe / cifi / ed'); what does not fit scrolls inside the table, never the page.
 */
export const LongNames: Story = {
  globals: atWidth(1280),
  parameters: { viewport: WIDTH_VIEWPORTS },
  args: { prospects: edgeProspects, isStaff: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table');
    await expect(
      canvas.getByRole('button', { name: 'Open the details of Unnamed prospect' }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(UNBROKEN_COMPANY)).toBeInTheDocument();
    const cells = [...table.querySelectorAll('th, td')].filter(
      (cell) => !/@/.test(cell.textContent ?? ''),
    );
    await expectWordsWhole(cells);
    // The addresses may break anywhere, but their column stays readable (it was once squeezed to a letter a line).
    for (const cell of columnCells(canvas, /^Details/))
      await expect(cell.getBoundingClientRect().width).toBeGreaterThan(200);
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};

/**
 * 10,000 prospects: paged (400 pages of 25, 200 of 50), so the DOM follows the page size, not the campaign's, and
 * stays under 1,500 elements at the largest page size.
 */
export const TenThousandProspects: Story = {
  args: { count: 10_000, isStaff: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Page 1 of 400')).toBeInTheDocument();
    await expect(bodyRows(canvas)).toHaveLength(25);
    await expect(canvasElement.querySelectorAll('*').length).toBeLessThan(1500);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('Page 2 of 400')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', { name: '50' }),
    );
    await expect(await canvas.findByText('Page 1 of 200')).toBeInTheDocument();
    await expect(bodyRows(canvas)).toHaveLength(50);
    await expect(canvasElement.querySelectorAll('*').length).toBeLessThan(1500);
    // The screenshot shows the top of the table (the page-size menu scrolled the page by an amount that varies).
    canvasElement.ownerDocument.defaultView?.scrollTo(0, 0);
  },
};

/**
 * 390 px, French: each prospect is a stacked block of 'Prénom  Claire' lines (no sideways scrolling, no word cut);
 * French page size, status and paging.
 */
export const FrenchOnAPhone: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  parameters: { viewport: WIDTH_VIEWPORTS },
  args: { count: 30, isStaff: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Prospects de la campagne' });
    await expect(table.querySelector('thead')).not.toBeVisible();
    await expect(table.querySelector('td[data-label="Prénom"]')).toBeVisible();
    await expect(canvas.getByText('Page 1 sur 2')).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Lignes par page' })).toBeInTheDocument();
    await expect(
      canvas.getAllByRole('button', { name: /^Ouvrir le détail (de |d’)/ }),
    ).toHaveLength(25);
    await userEvent.click(canvas.getByRole('button', { name: 'Page suivante' }));
    await expect(canvas.getByText('Page 2 sur 2')).toBeInTheDocument();
    await expectWordsWhole(table.querySelectorAll('td:not([data-label="Détails"])'));
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
    // The screenshot shows the top of the second page (the paging button scrolled the page by an amount that varies).
    canvasElement.ownerDocument.defaultView?.scrollTo(0, 0);
  },
};

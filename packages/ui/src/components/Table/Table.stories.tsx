import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import type { Tone } from '../../theme/tones';
import { ToneChip } from '../ToneChip';
import { TagList } from '../TagList';
import { paginate } from './pagination';
import { sortRows, type SortState } from './sort';
import { Table, type TableColumn } from './Table';

interface Row {
  id: number;
  score: number;
  first_name: string;
  last_name: string;
  company: string;
  position: string;
  status: string;
  tone: Tone;
  tags: { id: number; label: string }[];
}

const firstNames = [
  'Claire',
  'Émile',
  'Jonas',
  'Aïcha',
  'Marco',
  'Léa',
  'Noah',
  'Zoé',
  'Yann',
  'Inès',
  'Hugo',
  'Sara',
];
const lastNames = [
  'Dubois',
  'Meier',
  'Rossi',
  'Keller',
  'Bernard',
  'Favre',
  'Huber',
  'Martin',
  'Girard',
  'Schmid',
  'Blanc',
];
const companies = [
  'Acme Industries',
  'Helvetia Labs',
  'Lémanic SA',
  'Alpine Data',
  'Rhône Logistics',
  'Jura Watches',
];
const positions = ['CEO', 'Head of Sales', 'CTO', 'Marketing Manager', 'Purchasing Director'];
/** Sample statuses of the story rows (labels and tones only: the design system knows no product). */
const statuses: { label: string; tone: Tone }[] = [
  { label: 'Ongoing', tone: 'info' },
  { label: 'To call', tone: 'caution' },
  { label: 'New opportunity', tone: 'positive' },
  { label: 'Lost', tone: 'critical' },
  { label: 'Opportunity to engage', tone: 'accent' },
  { label: 'Pending', tone: 'neutral' },
  { label: 'Nurtured', tone: 'neutral' },
];

/** Deterministic rows (no randomness: every story renders the same). */
function makeRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    score: (i * 37) % 101,
    first_name: firstNames[i % firstNames.length]!,
    last_name: lastNames[(i * 5) % lastNames.length]!,
    company: companies[(i * 7) % companies.length]!,
    position: positions[(i * 3) % positions.length]!,
    status: statuses[i % statuses.length]!.label,
    tone: statuses[i % statuses.length]!.tone,
    tags: i % 3 === 0 ? [{ id: 1, label: 'Decision maker' }] : [],
  }));
}

const columns: TableColumn<Row>[] = [
  { key: 'score', header: 'Score', cell: (r) => r.score, sortable: true, align: 'right' },
  { key: 'first_name', header: 'First name', cell: (r) => r.first_name, sortable: true },
  { key: 'last_name', header: 'Last name', cell: (r) => r.last_name, sortable: true },
  { key: 'company', header: 'Company', cell: (r) => r.company, sortable: true },
  { key: 'position', header: 'Position', cell: (r) => r.position, sortable: true },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => <ToneChip tone={r.tone} label={r.status} />,
    sortable: true,
  },
  { key: 'tags', header: 'Tags', cell: (r) => <TagList tags={r.tags} label="Tags" /> },
];

function Demo({
  rows,
  loading = false,
  error,
  initialPageSize = 10,
  stackOnPhones = false,
}: {
  rows: Row[];
  loading?: boolean;
  error?: string;
  initialPageSize?: number;
  stackOnPhones?: boolean;
}) {
  const [sort, setSort] = useState<SortState | null>({ key: 'first_name', direction: 'asc' });
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const matching = q
      ? rows.filter((r) =>
          [r.first_name, r.last_name, r.company, r.position].some((v) =>
            v.toLowerCase().includes(q),
          ),
        )
      : rows;
    return sort
      ? sortRows(matching, (r) => r[sort.key as keyof Row] as string | number, sort.direction, 'en')
      : matching;
  }, [rows, query, sort]);
  return (
    <Table
      label="Prospects"
      columns={columns}
      rows={paginate(filtered, page, pageSize)}
      getRowKey={(r) => r.id}
      sort={sort}
      onSortChange={setSort}
      loading={loading}
      error={error}
      empty={<EmptyState title="No prospect matches your search" />}
      search={{
        value: query,
        onChange: (v) => {
          setQuery(v);
          setPage(1);
        },
        label: 'Search prospects',
        placeholder: 'Search prospects',
      }}
      refresh={{ onRefresh: fn(), label: 'Refresh' }}
      toolbarEnd={<Button variant="secondary">Export</Button>}
      stackOnPhones={stackOnPhones}
      pagination={{
        page,
        pageSize,
        total: filtered.length,
        onPageChange: setPage,
        pageSizeOptions: [5, 10, 25, 50],
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(1);
        },
        previousLabel: 'Previous',
        nextLabel: 'Next',
        pageSizeLabel: 'Rows per page',
        statusLabel: ({ from, to, total }) => `${from}–${to} of ${total}`,
      }}
    />
  );
}

const meta = {
  title: 'Components/Table',
  component: Table,
  tags: ['autodocs'],
  args: { label: 'Prospects', columns: [], rows: [], getRowKey: () => 0 },
  render: () => <Demo rows={makeRows(24)} />,
} satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Loading: Story = {
  render: () => <Demo rows={[]} loading />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-testid="table-skeleton-row"]')).toHaveLength(
      5,
    );
    await expect(within(canvasElement).getByRole('table', { name: 'Prospects' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
export const Error: Story = {
  render: () => <Demo rows={makeRows(3)} error="The prospects could not be loaded." />,
};
export const Empty: Story = { render: () => <Demo rows={[]} /> };
export const ManyRows: Story = { render: () => <Demo rows={makeRows(500)} initialPageSize={50} /> };
/** A long name without spaces widens its column and the table scrolls sideways; ordinary words are never cut. */
export const LongUnbrokenText: Story = {
  render: () => (
    <div style={{ maxWidth: 720 }}>
      <Demo
        rows={makeRows(3).map((r, i) =>
          i === 0
            ? {
                ...r,
                company: 'Compagniegénéraledesétablissementsindustrielsréunisdelasuisseromande',
                position:
                  'Directeur général adjoint chargé du développement commercial international',
              }
            : r,
        )}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Prospects' });
    // Ordinary words stay whole when the table is narrower than its columns want: it scrolls sideways instead.
    const position = within(table).getByText(/^Directeur général adjoint/);
    for (const word of ['développement', 'commercial', 'international']) {
      const start = position.textContent!.indexOf(word);
      const range = document.createRange();
      range.setStart(position.firstChild!, start);
      range.setEnd(position.firstChild!, start + word.length);
      await expect(range.getClientRects()).toHaveLength(1);
    }
    const scroller = table.parentElement!;
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
  },
};

interface Campaign {
  id: number;
  name: string;
  active: boolean;
  steps: string[];
}
const campaigns: Campaign[] = [
  {
    id: 1,
    name: 'Spring outreach',
    active: true,
    steps: ['LinkedIn invitation', 'First e-mail', 'Follow-up'],
  },
  { id: 2, name: 'Trade fair Geneva', active: false, steps: ['First e-mail'] },
];
const campaignColumns: TableColumn<Campaign>[] = [
  { key: 'name', header: 'Name', cell: (c) => c.name },
  { key: 'active', header: 'Active', cell: (c) => (c.active ? 'Yes' : 'No') },
];

export const ExpandableRows: Story = {
  render: () => (
    <Table
      label="Campaigns"
      columns={campaignColumns}
      rows={campaigns}
      getRowKey={(c) => c.id}
      renderExpanded={(c) => (
        <ol>
          {c.steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      )}
      expandLabel={(c, open) =>
        open ? `Hide the steps of ${c.name}` : `Show the steps of ${c.name}`
      }
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Show the steps of Spring outreach' }),
    );
    await expect(canvas.getByText('Follow-up')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Hide the steps of Spring outreach' }),
    ).toHaveAttribute('aria-expanded', 'true');
  },
};

export const HeaderTogglesAriaSort: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: /Company/ });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect(canvas.getByRole('columnheader', { name: /First name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getByRole('columnheader', { name: /First name/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    const firstCompany = () => within(canvas.getAllByRole('row')[1]!).getAllByRole('cell')[3]!;
    await expect(firstCompany()).toHaveTextContent('Acme Industries');
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCompany()).toHaveTextContent('Rhône Logistics');
  },
};

export const SortsWithTheKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const score = canvas.getByRole('columnheader', { name: /Score/ });
    within(score).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    await expect(score).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.keyboard(' ');
    await expect(score).toHaveAttribute('aria-sort', 'descending');
  },
};

export const SearchFiltersRows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search prospects' }), 'lémanic');
    await waitFor(() => expect(canvas.getByText('1–4 of 4')).toBeVisible());
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search prospects' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search prospects' }), 'nobody');
    await expect(
      await canvas.findByRole('heading', { name: 'No prospect matches your search' }),
    ).toBeVisible();
  },
};

export const NextAndPreviousPages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const previous = canvas.getByRole('button', { name: 'Previous' });
    await expect(previous).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByText('11–20 of 24')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByText('21–24 of 24')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(previous);
    await expect(canvas.getByText('11–20 of 24')).toBeVisible();
  },
};

/** `stackOnPhones` on a phone (320 px): each row is a block of 'column  value' lines; nothing scrolls sideways. */
export const StackedOnAPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => <Demo rows={makeRows(4)} stackOnPhones />,
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Prospects' });
    await expect(table.querySelector('thead')).not.toBeVisible();
    await expect(table.parentElement!.scrollWidth).toBeLessThanOrEqual(
      table.parentElement!.clientWidth + 1,
    );
    await expect(table.querySelector('tbody td[data-label="Company"]')).not.toBeNull();
  },
};

/**
 * Stacked on a phone with expandable rows whose content is a table (a campaign's steps): the expand button and the
 * expanded content take the block's width, and the inner table keeps its header row and its table layout.
 */
export const StackedExpandableRowsOnAPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => (
    <Table
      label="Campaigns"
      columns={campaignColumns}
      rows={campaigns}
      getRowKey={(c) => c.id}
      stackOnPhones
      renderExpanded={(c) => (
        <table aria-label={`Steps of ${c.name}`}>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Position</th>
            </tr>
          </thead>
          <tbody>
            {c.steps.map((step, i) => (
              <tr key={step}>
                <td>{step}</td>
                <td>{i + 1}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      expandLabel={(c, open) =>
        open ? `Hide the steps of ${c.name}` : `Show the steps of ${c.name}`
      }
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const outer = canvas.getByRole('table', { name: 'Campaigns' });
    await expect(outer.querySelector('thead')).not.toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Show the steps of Spring outreach' }),
    );
    const inner = canvas.getByRole('table', { name: 'Steps of Spring outreach' });
    await expect(within(inner).getByRole('columnheader', { name: 'Step' })).toBeVisible();
    await expect(getComputedStyle(inner.querySelector('tbody tr')!).display).toBe('table-row');
    const button = canvas.getByRole('button', { name: 'Hide the steps of Spring outreach' });
    await expect(getComputedStyle(button.closest('td')!).display).toBe('block');
    await expect(outer.parentElement!.scrollWidth).toBeLessThanOrEqual(
      outer.parentElement!.clientWidth + 1,
    );
  },
};

/** Text kept on one line, as a wide table's cells often are: the table grows instead of breaking words. */
const oneLine = (text: string | number) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
const pinnedColumns: TableColumn<Row>[] = [
  { key: 'score', header: 'Score', cell: (r) => r.score, align: 'right' },
  { key: 'first_name', header: 'First name', cell: (r) => oneLine(r.first_name) },
  { key: 'last_name', header: 'Last name', cell: (r) => oneLine(r.last_name) },
  { key: 'company', header: 'Company', cell: (r) => oneLine(r.company) },
  { key: 'position', header: 'Position', cell: (r) => oneLine(r.position) },
  { key: 'status', header: 'Status', cell: (r) => <ToneChip tone={r.tone} label={r.status} /> },
  {
    key: 'email',
    header: 'Details',
    cell: (r) => oneLine(`${r.first_name}.${r.last_name}@example.com`.toLowerCase()),
  },
  {
    key: 'action',
    header: 'Action',
    pinned: 'end',
    cell: (r) => (
      <Button size="small" variant="secondary" aria-label={`Open ${r.first_name} ${r.last_name}`}>
        Open
      </Button>
    ),
  },
];

/**
 * A table wider than its place scrolls sideways, and its last column (a row's action) stays pinned to the right edge:
 * visible before any scrolling, and still there after scrolling to the start again.
 */
export const PinnedActionColumn: Story = {
  render: () => (
    <div style={{ maxWidth: 720 }}>
      <Table label="Prospects" columns={pinnedColumns} rows={makeRows(5)} getRowKey={(r) => r.id} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Prospects' });
    const scroller = table.parentElement!;
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    const edge = scroller.getBoundingClientRect().right;
    const open = within(table).getByRole('button', { name: 'Open Claire Dubois' });
    // The pinned cell ends at the scroller's right edge (its border aside), with the button inside the visible part.
    await expect(
      Math.abs(open.closest('td')!.getBoundingClientRect().right - edge),
    ).toBeLessThanOrEqual(2);
    await expect(open.getBoundingClientRect().right).toBeLessThanOrEqual(edge);
    scroller.scrollLeft = 120;
    await waitFor(() =>
      expect(
        Math.abs(open.closest('td')!.getBoundingClientRect().right - edge),
      ).toBeLessThanOrEqual(2),
    );
    scroller.scrollLeft = 0;
  },
};

const WIDE = {
  options: {
    w1440: { name: '1440 px', styles: { width: '1440px', height: '800px' }, type: 'desktop' },
  },
} as const;

const comments = [
  'Called back on Tuesday, wants the pricing sheet before the board meets',
  'Asked for a demo with the purchasing team',
  'Out of office until the end of the month',
];
/** A campaign's table as wide as the screen's, a long last comment and an address just before the pinned action. */
const widePinnedColumns: TableColumn<Row>[] = [
  ...pinnedColumns.slice(0, 6),
  {
    key: 'comment',
    header: 'Last comment',
    cell: (r) => oneLine(comments[r.id % comments.length]!),
  },
  ...pinnedColumns.slice(6),
];

/**
 * 1440 px, a table a little wider than its place (beside a 240 px navigation): the pinned action column covers the
 * columns before it until the table is scrolled to its end, so it casts a shadow while content lies under it, and a
 * column brought into view (`scrollIntoView`, a focused control) stops beside the pinned column, not under it: the
 * scroll area's end padding is the pinned column's width.
 */
export const PinnedColumnHidesNothingAt1440: Story = {
  globals: { viewport: { value: 'w1440', isRotated: false } },
  parameters: { viewport: WIDE },
  render: () => (
    <div style={{ maxWidth: 1100 }}>
      <Table
        label="Prospects"
        columns={widePinnedColumns}
        rows={makeRows(5)}
        getRowKey={(r) => r.id}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Prospects' });
    const scroller = table.parentElement!;
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    const pinned = within(table).getByRole('columnheader', { name: 'Action' });
    const comment = within(table).getByRole('columnheader', { name: 'Last comment' });
    const details = within(table).getByRole('columnheader', { name: 'Details' });
    // Content lies under the pinned column: its edge shadow says so.
    await waitFor(() => expect(scroller).toHaveAttribute('data-scrolls-under-pinned'));
    for (const header of [comment, details]) {
      header.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      await waitFor(() =>
        expect(header.getBoundingClientRect().right).toBeLessThanOrEqual(
          pinned.getBoundingClientRect().left + 1,
        ),
      );
    }
    // At the end nothing lies under the pinned column: no shadow.
    scroller.scrollLeft = scroller.scrollWidth;
    await waitFor(() => expect(scroller).not.toHaveAttribute('data-scrolls-under-pinned'));
    scroller.scrollLeft = 0;
    await waitFor(() => expect(scroller).toHaveAttribute('data-scrolls-under-pinned'));
  },
};

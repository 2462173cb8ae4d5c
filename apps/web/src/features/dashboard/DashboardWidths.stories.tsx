import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { expectPlaceholdersFit } from '../../testing/layout';
import { atWidth, pageHandlers, TUTORIAL_SEEN, WIDTH_VIEWPORTS } from '../../testing/stories';
import { customerUser, staffUser } from '../../testing/users';
import { DashboardPage } from './DashboardPage';

/** The whole app (sidebar, top bar) at the dashboard of the demo customer, as the given user. */
const at = (user = customerUser): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [`/users/${customerUser.id}/dashboard`] },
  user,
  preferences: TUTORIAL_SEEN,
});

/**
 * The dashboard in the app's shell at the widths of real screens: the four columns fit
 * beside the sidebar from 1280 px up; below, the board scrolls sideways with a shadow on the side
 * where columns hide.
 */
const meta = {
  title: 'Screens/Dashboard/Widths',
  component: DashboardPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    viewport: WIDTH_VIEWPORTS,
    app: at(),
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const COLUMNS = ['ongoing', 'to_call', 'to_nurture', 'new_opportunity'] as const;

async function board(canvasElement: HTMLElement, label: string) {
  const canvas = within(canvasElement);
  await canvas.findAllByTestId('prospect-card', {}, { timeout: 10_000 });
  return canvas.getByRole('region', { name: label });
}

/** Every column lies wholly inside the board's visible part, and the board has nothing to scroll. */
async function expectFourColumnsVisible(canvasElement: HTMLElement, label: string) {
  const region = await board(canvasElement, label);
  const frame = region.getBoundingClientRect();
  for (const id of COLUMNS) {
    const column = within(canvasElement)
      .getByTestId(`dashboard-column-${id}`)
      .querySelector('section');
    const box = column!.getBoundingClientRect();
    await expect({
      id,
      left: box.left >= frame.left - 1,
      right: box.right <= frame.right + 1,
    }).toEqual({ id, left: true, right: true });
  }
  await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth + 1);
  await expect(within(canvasElement).getByTestId('kanban-shadow-end')).toHaveAttribute(
    'data-visible',
    'false',
  );
}

/** Every column's title holds on one line and every column's cards start at the same height. */
async function expectColumnTitlesOnOneLine(canvasElement: HTMLElement) {
  const tops = new Set<number>();
  for (const id of COLUMNS) {
    const column = within(canvasElement).getByTestId(`dashboard-column-${id}`);
    const title = column.querySelector('section [id]')!;
    const lineHeight = parseFloat(getComputedStyle(title).lineHeight);
    await expect({ id, oneLine: title.getBoundingClientRect().height <= lineHeight + 1 }).toEqual({
      id,
      oneLine: true,
    });
    const cards = within(column).getByTestId('kanban-column-scroller');
    tops.add(Math.round(cards.getBoundingClientRect().top));
  }
  await expect([...tops]).toHaveLength(1);
}

/**
 * The toolbar holds on one line: the search field beside the sort (its label on one line), nothing wrapped below.
 * Staff's export and nurture-all sit in the heading row above it.
 */
async function expectToolbarOnOneLine(canvasElement: HTMLElement, toolbarName: string) {
  const canvas = within(canvasElement);
  const toolbar = canvas.getByRole('toolbar', { name: toolbarName });
  const children = [...toolbar.children].filter((child) => child.getBoundingClientRect().width > 0);
  const bottoms = children.map((child) => Math.round(child.getBoundingClientRect().bottom));
  await expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(4);
  const search = canvas.getByRole('searchbox');
  const label = canvasElement.querySelector(`label[for="${search.id}"]`)!;
  const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
  await expect(label.getBoundingClientRect().height).toBeLessThanOrEqual(lineHeight + 1);
}

/** 1280 px, customer, English: four whole columns beside the sidebar, each title on one line. */
export const Laptop1280Customer: Story = {
  globals: atWidth(1280),
  play: async ({ canvasElement }) => {
    await expectFourColumnsVisible(canvasElement, 'Prospects by status');
    await expectColumnTitlesOnOneLine(canvasElement);
  },
};

/**
 * 1440 px, staff, English: the search's label holds on one line and the field stays beside 'Sort by', with export and
 * 'Nurture prospects' in the heading row.
 */
export const Laptop1440Staff: Story = {
  globals: atWidth(1440),
  parameters: { app: at(staffUser) },
  play: async ({ canvasElement }) => {
    await expectFourColumnsVisible(canvasElement, 'Prospects by status');
    await expectToolbarOnOneLine(canvasElement, 'Dashboard tools');
    await expect(
      within(canvasElement).getByRole('button', { name: 'Nurture prospects' }),
    ).toBeVisible();
    await expectColumnTitlesOnOneLine(canvasElement);
  },
};

/** 1280 px, staff, French (longest column titles, scores and staff tools). */
export const Laptop1280StaffFrench: Story = {
  globals: { ...atWidth(1280), locale: 'fr' },
  parameters: { app: at(staffUser) },
  play: async ({ canvasElement }) => {
    await expectFourColumnsVisible(canvasElement, 'Prospects par statut');
    await expectColumnTitlesOnOneLine(canvasElement);
    // « Passer les prospects à travailler » does not push the toolbar onto a second line.
    await expectToolbarOnOneLine(canvasElement, 'Outils du tableau de bord');
    await expect(
      within(canvasElement).getByRole('button', { name: 'Passer les prospects à travailler' }),
    ).toBeVisible();
    // The sidebar's user search and the dashboard's search show their whole placeholder.
    await expect(canvasElement.querySelectorAll('input[placeholder]')).toHaveLength(2);
    await expectPlaceholdersFit(canvasElement);
  },
};

/** 1366 px, customer, French. */
export const Laptop1366CustomerFrench: Story = {
  globals: { ...atWidth(1366), locale: 'fr' },
  play: async ({ canvasElement }) =>
    expectFourColumnsVisible(canvasElement, 'Prospects par statut'),
};

/** 1536 px, staff, English. */
export const Laptop1536Staff: Story = {
  globals: atWidth(1536),
  parameters: { app: at(staffUser) },
  play: async ({ canvasElement }) => {
    await expectFourColumnsVisible(canvasElement, 'Prospects by status');
    await expectPlaceholdersFit(canvasElement);
  },
};

/** 1024 px: the columns keep a readable width and the board scrolls; shadows show where columns hide. */
export const SmallLaptopScrolls: Story = {
  globals: atWidth(1024),
  parameters: { app: at(staffUser) },
  play: async ({ canvasElement }) => {
    const region = await board(canvasElement, 'Prospects by status');
    const canvas = within(canvasElement);
    await expectPlaceholdersFit(canvasElement);
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await waitFor(() =>
      expect(canvas.getByTestId('kanban-shadow-end')).toHaveAttribute('data-visible', 'true'),
    );
    await expect(canvas.getByTestId('kanban-shadow-start')).toHaveAttribute(
      'data-visible',
      'false',
    );
    region.scrollLeft = region.scrollWidth;
    await waitFor(() =>
      expect(canvas.getByTestId('kanban-shadow-start')).toHaveAttribute('data-visible', 'true'),
    );
    await expect(canvas.getByTestId('kanban-shadow-end')).toHaveAttribute('data-visible', 'false');
  },
};

/** 390 px, French: one column and a half in view, the shadow says the board goes on. */
export const PhoneFrenchScrolls: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const region = await board(canvasElement, 'Prospects par statut');
    await expectPlaceholdersFit(canvasElement);
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await waitFor(() =>
      expect(within(canvasElement).getByTestId('kanban-shadow-end')).toHaveAttribute(
        'data-visible',
        'true',
      ),
    );
  },
};

/** No word of the cells is cut across two lines (a word split by the table's squeeze gives two boxes); hyphens may break. */
function cutWords(cell: HTMLElement): string[] {
  const cut: string[] = [];
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/[^\s-]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) cut.push(match[0]);
    }
  }
  return cut;
}

/** 390 px, list view: stacked rows, nothing to scroll sideways, no name or company cut mid-word. */
async function expectStackedList(
  canvasElement: HTMLElement,
  tableName: string,
  companyLabel: string,
) {
  const canvas = within(canvasElement);
  // The loading skeleton is a table too: wait for the prospects.
  await canvas.findByTestId('dashboard-summary', {}, { timeout: 10_000 });
  const table = canvas.getByRole('table', { name: tableName });
  const scroller = table.parentElement!;
  await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth + 1);
  await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  const cells = [...table.querySelectorAll<HTMLElement>('tbody td')];
  await expect(cells.length).toBeGreaterThan(0);
  await expect(cells.flatMap(cutWords)).toEqual([]);
  // Each line says its column: the company line is labelled.
  await expect(table.querySelector(`tbody td[data-label="${companyLabel}"]`)).not.toBeNull();
}

const listView = { 'dashboard.view': '"list"' };

export const PhoneListStaff: Story = {
  globals: atWidth(390),
  parameters: { app: { ...at(staffUser), preferences: { ...TUTORIAL_SEEN, ...listView } } },
  play: async ({ canvasElement }) =>
    expectStackedList(canvasElement, 'Prospects of the dashboard', 'Company'),
};

export const PhoneListCustomerFrench: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  parameters: { app: { ...at(), preferences: { ...TUTORIAL_SEEN, ...listView } } },
  play: async ({ canvasElement }) =>
    expectStackedList(canvasElement, 'Prospects du tableau de bord', 'Entreprise'),
};

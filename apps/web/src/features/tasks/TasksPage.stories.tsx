import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { detail, fixtureHandlers, mockOperation } from '@prospecta/api-client/msw';
import { withApp, withToaster, type AppStoryParameters } from '../../testing/decorators';
import { atWidth, WIDTH_VIEWPORTS } from '../../testing/stories';
import { scenarioWithTasks, taskChangeHandlers, tasksFailOnce } from '../../testing/tasks';
import { staffUser } from '../../testing/users';
import { TasksPage } from './TasksPage';

const customerRoute: AppStoryParameters['route'] = {
  initialEntries: ['/users/2/tasks'],
  path: 'users/:userId/tasks',
};

const scenario = scenarioWithTasks();
const [overdue, today, later] = scenario.tasks;
if (!overdue || !today || !later) throw new Error('three tasks expected');

const meta = {
  title: 'Screens/Tasks/Page',
  component: TasksPage,
  decorators: [withToaster, withApp],
  parameters: {
    layout: 'fullscreen',
    app: { route: customerRoute } satisfies AppStoryParameters,
    msw: { handlers: fixtureHandlers(scenario) },
  },
} satisfies Meta<typeof TasksPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const cardsOf = async (canvasElement: HTMLElement) =>
  within(canvasElement).findAllByTestId('task-card');

/** The customer's open tasks, due first: overdue, due today, later; each with its prospect, campaign and text. */
export const Some: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await cardsOf(canvasElement);
    await expect(cards.map((c) => c.dataset.due)).toEqual(['overdue', 'today', 'later']);
    await expect(canvas.getByTestId('tasks-count')).toHaveTextContent('3 open tasks');
    const first = within(cards[0] as HTMLElement);
    await expect(first.getByText('Overdue since 17 November 2026')).toBeInTheDocument();
    await expect(
      first.getByRole('heading', {
        name: `LinkedIn invitation for ${overdue.prospect.first_name} ${overdue.prospect.last_name}`,
      }),
    ).toBeInTheDocument();
    await expect(first.getByText(`Campaign: ${overdue.campaign.name}`)).toBeInTheDocument();
    // The invitation step is left unnamed ('n/a'): it reads as what it is.
    await expect(first.getByText('Step 2: LinkedIn invitation')).toBeInTheDocument();
    await expect(first.getByTestId('task-text')).toHaveTextContent(overdue.body);
    await expect(first.getByRole('link', { name: 'Open the LinkedIn profile' })).toHaveAttribute(
      'href',
      overdue.prospect.linkedin,
    );
    await expect(within(cards[1] as HTMLElement).getByText('Due today')).toBeInTheDocument();
    await expect(
      within(cards[2] as HTMLElement).getByText('Due on 24 November 2026'),
    ).toBeInTheDocument();
  },
};

/** The same in French, with French typography. */
export const SomeFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await cardsOf(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tâches' })).toBeInTheDocument();
    await expect(canvas.getByTestId('tasks-count')).toHaveTextContent('3 tâches ouvertes');
    const first = within(cards[0] as HTMLElement);
    await expect(first.getByText('En retard depuis le 17 novembre 2026')).toBeInTheDocument();
    // French typography: a no-break space before the colon (the matchers below compare normalised spaces).
    await expect(first.getByText(/^Campagne\s:/).textContent).toBe(
      `Campagne\u00a0: ${overdue.campaign.name}`,
    );
    await expect(first.getByText(/^Étape 2\s:/).textContent).toBe(
      'Étape 2\u00a0: Invitation LinkedIn',
    );
    await expect(first.getByRole('button', { name: 'Fait' })).toBeInTheDocument();
    await expect(first.getByRole('button', { name: 'Passer' })).toBeInTheDocument();
    await expect(
      within(cards[1] as HTMLElement).getByText('À faire aujourd’hui'),
    ).toBeInTheDocument();
  },
};

/** Every task overdue: each card says since when, in the critical tone. */
export const Overdue: Story = {
  parameters: { msw: { handlers: fixtureHandlers(scenarioWithTasks({ overdueOnly: true })) } },
  play: async ({ canvasElement }) => {
    const cards = await cardsOf(canvasElement);
    await expect(cards.map((c) => c.dataset.due)).toEqual(['overdue', 'overdue', 'overdue']);
    await expect(
      within(cards[0] as HTMLElement).getByText('Overdue since 15 November 2026'),
    ).toBeInTheDocument();
  },
};

/** Long names, a long step name and a long text wrap inside the card. */
export const LongText: Story = {
  parameters: { msw: { handlers: fixtureHandlers(scenarioWithTasks({ long: true })) } },
  play: async ({ canvasElement }) => {
    const [card] = await cardsOf(canvasElement);
    if (!card) throw new Error('no card');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    await expect(within(card).getByTestId('task-text')).toHaveTextContent(/Belle journée/);
  },
};

/** On a phone: the cards take the width, the buttons wrap under the text. */
export const Phone: Story = {
  parameters: { viewport: WIDTH_VIEWPORTS },
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const cards = await cardsOf(canvasElement);
    await expect(cards).toHaveLength(3);
    for (const card of cards) await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

/** At 1280 px. */
export const Desktop: Story = {
  parameters: { viewport: WIDTH_VIEWPORTS },
  globals: atWidth(1280),
  play: async ({ canvasElement }) => {
    await expect(await cardsOf(canvasElement)).toHaveLength(3);
  },
};

/** Nothing to do: the empty state says where tasks come from. */
export const Empty: Story = {
  parameters: { msw: { handlers: fixtureHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No task to do')).toBeInTheDocument();
    await expect(canvas.getByTestId('tasks-count')).toHaveTextContent('No open task');
  },
};

/** Nothing to do, in French. */
export const EmptyFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { msw: { handlers: fixtureHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Aucune tâche à faire')).toBeInTheDocument();
    await expect(canvas.getByTestId('tasks-count')).toHaveTextContent('Aucune tâche ouverte');
  },
};

/** The list could not be loaded: the error says so, and retrying loads it. */
export const LoadError: Story = {
  parameters: {
    msw: { handlers: tasksFailOnce(scenario) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The tasks could not be loaded.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await cardsOf(canvasElement)).toHaveLength(3);
  },
};

/** 'Done': the task leaves the list at once (before the server answers) and the count goes down. */
export const DoneLeavesTheList: Story = {
  parameters: {
    msw: { handlers: taskChangeHandlers(scenario, 'never') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await cardsOf(canvasElement);
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(canvas.getAllByTestId('task-card')).toHaveLength(2));
    await expect(canvas.getByTestId('tasks-count')).toHaveTextContent('2 open tasks');
    await expect(canvas.queryByText('Overdue since 17 November 2026')).not.toBeInTheDocument();
  },
};

/** A refused 'Skip' puts the task back where it was and says so on its card, until dismissed. */
export const RefusedSkipComesBack: Story = {
  parameters: {
    msw: { handlers: taskChangeHandlers(scenario, 300) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await cardsOf(canvasElement);
    await userEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(canvas.getAllByTestId('task-card')).toHaveLength(2));
    const failure = await canvas.findByRole('alert');
    await expect(failure).toHaveTextContent(
      'The task could not be skipped: it is back in the list. Try again.',
    );
    const back = canvas.getAllByTestId('task-card');
    await expect(back).toHaveLength(3);
    await expect(within(back[1] as HTMLElement).getByTestId('task-failure')).toBeInTheDocument();
    await expect(canvas.getByTestId('tasks-count')).toHaveTextContent('3 open tasks');
  },
};

/** A refused 'Done', in French. */
export const RefusedDoneFrench: Story = {
  globals: { locale: 'fr' },
  parameters: {
    msw: {
      handlers: [
        mockOperation('patch', '/api/v1/tasks/{taskId}', {
          status: 404,
          body: detail('Task not found.'),
        }),
        ...fixtureHandlers(scenario),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await cardsOf(canvasElement);
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Fait' }));
    const failure = await canvas.findByTestId('task-failure');
    await expect(failure.querySelector('span')?.textContent).toBe(
      'La tâche n’a pas pu être marquée comme faite\u00a0: elle est de retour dans la liste. Réessayez.',
    );
  },
};

/** Staff viewing the selected customer's tasks: the customer's list, opening a prospect shows its modal. */
export const StaffForCustomer: Story = {
  parameters: {
    app: { route: customerRoute, user: staffUser } satisfies AppStoryParameters,
    msw: { handlers: fixtureHandlers(scenario, { currentUser: scenario.staff }) },
  },
  play: async ({ canvasElement }) => {
    const [first] = await cardsOf(canvasElement);
    const name = `${overdue.prospect.first_name} ${overdue.prospect.last_name}`;
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name }));
    const page = within(canvasElement.ownerDocument.body);
    const dialog = within(await page.findByRole('dialog', { name }));
    const tasks = await dialog.findByTestId('prospect-tasks');
    await expect(within(tasks).getAllByTestId('task-card')).toHaveLength(1);
  },
};

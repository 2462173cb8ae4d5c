import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fixtureHandlers } from '@prospecta/api-client/msw';
import { withApp, withToaster, type AppStoryParameters } from '../../testing/decorators';
import { atWidth, WIDTH_VIEWPORTS } from '../../testing/stories';
import { scenarioWithTasks, taskChangeHandlers, tasksFailOnce } from '../../testing/tasks';
import { ProspectDetailModal } from './components/ProspectDetailModal';

const scenario = scenarioWithTasks();
const [task] = scenario.tasks;
if (!task) throw new Error('a task expected');
const name = `${task.prospect.first_name} ${task.prospect.last_name}`;

const meta = {
  title: 'Screens/Prospect/Tasks',
  component: ProspectDetailModal,
  args: { prospectId: task.prospect.id, onClose: () => undefined },
  decorators: [withToaster, withApp],
  parameters: {
    layout: 'fullscreen',
    app: {
      route: { initialEntries: ['/users/2/dashboard'], path: 'users/:userId/dashboard' },
    } satisfies AppStoryParameters,
    msw: { handlers: fixtureHandlers(scenario) },
  },
} satisfies Meta<typeof ProspectDetailModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const openTasks = async (canvasElement: HTMLElement) => {
  const page = within(canvasElement.ownerDocument.body);
  const dialog = await page.findByRole('dialog', { name });
  return within(await within(dialog).findByTestId('prospect-tasks'));
};

/** The prospect's open task above its details: the step, when it is due, the text to copy, Done and Skip. */
export const OpenTask: Story = {
  play: async ({ canvasElement }) => {
    const tasks = await openTasks(canvasElement);
    await expect(tasks.getByRole('heading', { name: 'LinkedIn tasks to do' })).toBeInTheDocument();
    await expect(tasks.getByText('Overdue since 17 November 2026')).toBeInTheDocument();
    await expect(tasks.getByTestId('task-text')).toHaveTextContent(task.body);
    await expect(tasks.getByRole('button', { name: 'Done' })).toBeEnabled();
    await expect(tasks.getByRole('button', { name: 'Skip' })).toBeEnabled();
  },
};

/** The same in French. */
export const OpenTaskFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const tasks = await openTasks(canvasElement);
    await expect(
      tasks.getByRole('heading', { name: 'Tâches LinkedIn à faire' }),
    ).toBeInTheDocument();
    await expect(tasks.getByText('En retard depuis le 17 novembre 2026')).toBeInTheDocument();
    await expect(tasks.getByRole('button', { name: 'Copier le texte' })).toBeInTheDocument();
  },
};

/** On a phone, the task's buttons wrap under its text. */
export const OpenTaskPhone: Story = {
  parameters: { viewport: WIDTH_VIEWPORTS },
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const tasks = await openTasks(canvasElement);
    const card = tasks.getByTestId('task-card');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

/** 'Done' in the modal: the task leaves it at once, with its section once it was the last one. */
export const DoneInTheModal: Story = {
  parameters: {
    msw: { handlers: taskChangeHandlers(scenario, 'never') },
  },
  play: async ({ canvasElement }) => {
    const tasks = await openTasks(canvasElement);
    await userEvent.click(tasks.getByRole('button', { name: 'Done' }));
    const page = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(page.queryByTestId('prospect-tasks')).not.toBeInTheDocument());
  },
};

/** A refused 'Done' puts the task back in the modal and says so. */
export const RefusedDoneInTheModal: Story = {
  parameters: {
    msw: { handlers: taskChangeHandlers(scenario, 200) },
  },
  play: async ({ canvasElement }) => {
    const tasks = await openTasks(canvasElement);
    await userEvent.click(tasks.getByRole('button', { name: 'Done' }));
    const page = within(canvasElement.ownerDocument.body);
    const failure = await page.findByTestId('task-failure');
    await expect(failure).toHaveTextContent(
      'The task could not be marked as done: it is back in the list. Try again.',
    );
    await userEvent.click(within(failure).getByRole('button', { name: 'Hide this message' }));
    await expect(page.queryByTestId('task-failure')).not.toBeInTheDocument();
    await expect(page.getByTestId('task-card')).toBeInTheDocument();
  },
};

/** The tasks could not be loaded: the modal says so beside the details, and retrying shows them. */
export const TasksLoadError: Story = {
  parameters: {
    msw: { handlers: tasksFailOnce(scenario) },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const error = await page.findByTestId('prospect-tasks-error');
    await expect(error).toHaveTextContent('The tasks of this prospect could not be loaded.');
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await expect(await page.findByTestId('prospect-tasks')).toBeInTheDocument();
  },
};

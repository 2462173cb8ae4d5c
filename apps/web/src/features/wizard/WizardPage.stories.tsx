import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  completeStep,
  initialWizardState,
  serializeWizardState,
  WIZARD_STEPS,
  type WizardState,
} from '@prospecta/machines';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { pageHandlers, SMALL_SCREEN, TUTORIAL_SEEN } from '../../testing/stories';
import { staffUser } from '../../testing/users';
import { WizardLayout } from './WizardLayout';

/** The staff AI area (§2) through the app's routes, with the wizard's state as the browser stored it. */
const at = (path: string, state?: WizardState): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [path] },
  user: staffUser,
  preferences: state ? { ...TUTORIAL_SEEN, aiWizard: serializeWizardState(state) } : TUTORIAL_SEEN,
});

const halfWay = completeStep(
  completeStep({ ...initialWizardState(), current: 'messaging-strategy' }, 'settings'),
  'campaign-brief',
);
const allDone = WIZARD_STEPS.reduce<WizardState>((state, step) => completeStep(state, step), {
  ...initialWizardState(),
  current: 'summary',
});

const meta = {
  title: 'Screens/AI wizard/Page',
  component: WizardLayout,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: at('/ai-wizard'),
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof WizardLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A first visit: the settings step is open, every later step is locked; marking it done opens the next one. */
export const AtTheStart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    const steps = canvas.getByRole('navigation', { name: 'Steps of the wizard' });
    await expect(
      within(steps).getByRole('button', { name: 'Summary', description: /not accessible yet/ }),
    ).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Mark this step as done' }));
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Campaign brief' }),
    ).toBeVisible();
    await expect(
      within(steps).getByRole('button', {
        name: 'Settings',
        description: 'This step is completed.',
      }),
    ).toBeEnabled();
    await expect(within(steps).getByRole('button', { name: 'Campaign brief' })).toHaveAttribute(
      'aria-current',
      'step',
    );
  },
};

/** Half way: the step of the address opens, and a completed step can be opened again from the side list. */
export const HalfWay: Story = {
  parameters: { app: at('/ai-wizard/step/messaging-strategy', halfWay) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Messaging strategy' }),
    ).toBeVisible();
    await expect(canvas.getByText('Step 3 of 5')).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Campaign brief',
        description: 'This step is completed.',
      }),
    );
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Campaign brief' }),
    ).toBeVisible();
  },
};

/** An address of a locked step goes back to the step the wizard is at (kept in browser storage). */
export const LockedStepAddress: Story = {
  parameters: { app: at('/ai-wizard/step/summary', halfWay) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Messaging strategy' }),
    ).toBeVisible();
  },
};

/** Every step done: the wizard says so and can start again from the settings. */
export const AllDone: Story = {
  parameters: { app: at('/ai-wizard/step/summary', allDone) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Every step of the wizard is done.')).toHaveAttribute(
      'role',
      'status',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Start again' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    await waitFor(() =>
      expect(
        canvas.getByRole('button', { name: 'Summary', description: /not accessible yet/ }),
      ).toBeDisabled(),
    );
  },
};

export const French: Story = {
  parameters: { app: at('/ai-wizard/step/messaging-strategy', halfWay) },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Assistant IA de campagne' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Stratégie de messages' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Paramètres', description: 'Cette étape est terminée.' }),
    ).toBeEnabled();
    await expect(
      canvas.getByRole('button', { name: 'Résumé', description: /pas encore accessible/ }),
    ).toBeDisabled();
  },
};

/** On a phone the side list sits above the step. */
export const Phone: Story = {
  parameters: { app: at('/ai-wizard/step/messaging-strategy', halfWay) },
  globals: SMALL_SCREEN,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Messaging strategy' }),
    ).toBeVisible();
  },
};

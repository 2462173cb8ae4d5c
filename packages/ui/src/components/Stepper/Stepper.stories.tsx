import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { Card } from '../Card';
import { Stepper, type StepperStep } from './Stepper';

const initialSteps: StepperStep[] = [
  { id: 'settings', label: 'Settings', isAccessible: true, isCompleted: false },
  { id: 'campaign-brief', label: 'Campaign brief', isAccessible: false, isCompleted: false },
  {
    id: 'messaging-strategy',
    label: 'Messaging strategy',
    isAccessible: false,
    isCompleted: false,
  },
  { id: 'landing-pages', label: 'Landing pages', isAccessible: false, isCompleted: false },
  { id: 'summary', label: 'Summary', isAccessible: false, isCompleted: false },
];

function Wizard({
  steps: start = initialSteps,
  current: startCurrent = 'settings',
}: {
  steps?: StepperStep[];
  current?: string;
}) {
  const [steps, setSteps] = useState(start);
  const [current, setCurrent] = useState(startCurrent);
  const index = steps.findIndex((s) => s.id === current);
  const next = () => {
    const following = steps[index + 1];
    setSteps((all) =>
      all.map((s, i) =>
        i === index
          ? { ...s, isCompleted: true }
          : i === index + 1
            ? { ...s, isAccessible: true }
            : s,
      ),
    );
    if (following) setCurrent(following.id);
  };
  // The app describes each step's state in one whole sentence (its accessible description).
  const named = steps.map((s) => ({
    ...s,
    status: s.isCompleted
      ? 'This step is completed.'
      : s.isAccessible
        ? undefined
        : 'This step is not accessible yet.',
  }));
  return (
    <Stepper steps={named} currentStepId={current} onStepSelect={setCurrent} label="Wizard steps">
      <Card
        title={steps[index]?.label}
        footer={
          <Button onClick={next} disabled={index === steps.length - 1}>
            Continue
          </Button>
        }
      >
        <p>{`Step ${index + 1} of ${steps.length}`}</p>
      </Card>
    </Stepper>
  );
}

const meta = {
  title: 'Components/Stepper',
  component: Stepper,
  tags: ['autodocs'],
  args: {
    steps: initialSteps,
    currentStepId: 'settings',
    onStepSelect: () => undefined,
    label: 'Wizard steps',
    children: null,
  },
  render: () => <Wizard />,
} satisfies Meta<typeof Stepper>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AtTheStart: Story = {};
export const HalfWay: Story = {
  render: () => (
    <Wizard
      current="messaging-strategy"
      steps={initialSteps.map((s, i) => ({ ...s, isAccessible: i <= 2, isCompleted: i < 2 }))}
    />
  ),
};
export const AllCompleted: Story = {
  render: () => (
    <Wizard
      current="summary"
      steps={initialSteps.map((s) => ({ ...s, isAccessible: true, isCompleted: true }))}
    />
  ),
};
export const French: Story = {
  render: () => (
    <Wizard
      steps={[
        { id: 'settings', label: 'Paramètres', isAccessible: true, isCompleted: true },
        {
          id: 'campaign-brief',
          label: 'Brief de campagne',
          isAccessible: true,
          isCompleted: false,
        },
        {
          id: 'messaging-strategy',
          label: 'Stratégie de messages',
          isAccessible: false,
          isCompleted: false,
        },
        {
          id: 'landing-pages',
          label: "Pages d'atterrissage",
          isAccessible: false,
          isCompleted: false,
        },
        { id: 'summary', label: 'Récapitulatif', isAccessible: false, isCompleted: false },
      ]}
      current="campaign-brief"
    />
  ),
};

export const InaccessibleStepsCannotBeOpened: Story = {
  // Ends on the same picture as AtTheStart: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const summary = canvas.getByRole('button', {
      name: 'Summary',
      description: 'This step is not accessible yet.',
    });
    await expect(summary).toBeDisabled();
    await expect(canvas.getByRole('heading', { name: 'Settings' })).toBeVisible();
  },
};

export const ContinuingUnlocksTheNextStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(canvas.getByRole('heading', { name: 'Campaign brief' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Campaign brief/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await userEvent.click(
      canvas.getByRole('button', { name: 'Settings', description: 'This step is completed.' }),
    );
    await expect(canvas.getByRole('heading', { name: 'Settings' })).toBeVisible();
  },
};

export const KeyboardSkipsLockedSteps: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /^Settings/ })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toHaveFocus();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { label: 'I agree to replace this contact', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const Indeterminate: Story = { args: { checked: 'indeterminate' } };
export const Disabled: Story = { args: { disabled: true } };
export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };
export const Error: Story = {
  args: { label: 'All companies', error: 'You must select at least one option.' },
};
export const LongLabel: Story = {
  args: {
    label:
      "J'accepte de remplacer ce contact et je confirme que la personne indiquée travaille bien dans l'entreprise concernée par cette campagne.",
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};

export const ClickToggles: Story = {
  // Ends on the same picture as FocusedWithKeyboard: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', {
      name: 'I agree to replace this contact',
    });
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(box);
    await expect(box).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
  },
};

export const SpaceToggles: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
  },
};

function ControlledGroup() {
  const sizes = ['Freelancer', '1-10', '11-50', '51-200'];
  const [selected, setSelected] = useState<string[]>(['1-10']);
  return (
    <fieldset style={{ border: 0, padding: 0, display: 'grid', gap: 8 }}>
      <legend>Company size</legend>
      {sizes.map((size) => (
        <Checkbox
          key={size}
          label={size}
          checked={selected.includes(size)}
          onCheckedChange={(checked) =>
            setSelected((s) => (checked ? [...s, size] : s.filter((x) => x !== size)))
          }
        />
      ))}
    </fieldset>
  );
}

export const ManyInAGroup: Story = { render: () => <ControlledGroup /> };

export const Hover: Story = {
  // Ends on the same picture as Default: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('checkbox'));
  },
};

export const FocusedWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('checkbox')).toHaveFocus();
  },
};

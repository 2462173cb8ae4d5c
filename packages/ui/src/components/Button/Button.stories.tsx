import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus, Send } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, buttonSizes, buttonVariants } from './Button';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Save changes', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      {buttonVariants.map((variant) => (
        <div key={variant} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          {buttonSizes.map((size) => (
            <Button key={size} {...args} variant={variant} size={size}>
              {`${variant} ${size}`}
            </Button>
          ))}
          <Button {...args} variant={variant} disabled>
            {`${variant} disabled`}
          </Button>
          <Button {...args} variant={variant} loading>
            {`${variant} loading`}
          </Button>
        </div>
      ))}
    </div>
  ),
};

export const WithIcon: Story = {
  args: { icon: <Plus size={16} />, children: 'Add an email account' },
};
export const WithEndIcon: Story = { args: { iconEnd: <Send size={16} />, children: 'Send' } };
export const Disabled: Story = { args: { disabled: true } };
export const Loading: Story = { args: { loading: true } };
export const FullWidth: Story = { args: { fullWidth: true } };

/**
 * A ghost button that bleeds, at the end of a header: its label ends where the text below it ends, each size taking
 * back its own padding.
 */
export const Bleed: Story = {
  args: { variant: 'ghost', bleed: true, children: 'Close' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 8, width: 320 }}>
      {buttonSizes.map((size) => (
        <div
          key={size}
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
        >
          <strong>A panel&apos;s title</strong>
          <Button {...args} size={size} data-size={size} />
        </div>
      ))}
      <p data-testid="edge" style={{ margin: 0, textAlign: 'right' }}>
        The content below ends here.
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const edge = within(canvasElement).getByTestId('edge').getBoundingClientRect().right;
    for (const button of within(canvasElement).getAllByRole('button', { name: 'Close' })) {
      const label = button.querySelector('span')?.getBoundingClientRect();
      // The label's end on the content's edge (a pixel of rounding), not its padding inside it.
      await expect(Math.abs((label?.right ?? 0) - edge)).toBeLessThanOrEqual(1);
    }
  },
};

export const LongLabel: Story = {
  args: { children: 'Ajouter un compte e-mail professionnel pour votre campagne de prospection' },
  decorators: [
    (Story) => (
      <div style={{ width: 240 }}>
        <Story />
      </div>
    ),
  ],
};

export const UnbrokenLabel: Story = {
  args: { children: 'Supercalifragilisticexpialidociousnessandmoreandmoreandmore' },
  decorators: [
    (Story) => (
      <div style={{ width: 240 }}>
        <Story />
      </div>
    ),
  ],
};

export const Hover: Story = {
  // Ends on the same picture as Default: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button'));
  },
};

export const FocusedWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button')).toHaveFocus();
  },
};

export const ClickCallsOnClick: Story = {
  // Ends on the same picture as FocusedWithKeyboard: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const KeyboardActivates: Story = {
  // Ends on the same picture as FocusedWithKeyboard: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const LoadingIgnoresClicks: Story = {
  args: { loading: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Pressed: Story = {
  // Ends on the same picture as FocusedWithKeyboard: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    // Holds the pointer down (no release) so the :active style shows in the snapshot.
    await userEvent.pointer({
      keys: '[MouseLeft>]',
      target: within(canvasElement).getByRole('button'),
    });
  },
};

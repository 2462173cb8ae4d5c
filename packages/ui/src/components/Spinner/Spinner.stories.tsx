import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Spinner, spinnerSizes } from './Spinner';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  args: { label: 'Loading' },
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      {spinnerSizes.map((size) => (
        <Spinner key={size} {...args} size={size} label={`${args.label ?? ''} ${size}`} />
      ))}
    </div>
  ),
};
// Ends on the same picture as Default: that story's baseline guards it; this one's play and a11y still run.
export const Decorative: Story = { tags: ['no-visual'], args: { label: undefined } };

export const AnnouncesItsLabel: Story = {
  // Ends on the same picture as Default: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  args: { label: 'Refreshing session...' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: 'Refreshing session...' }),
    ).toBeInTheDocument();
  },
};

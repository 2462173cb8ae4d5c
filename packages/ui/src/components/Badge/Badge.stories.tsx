import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, badgeTones, UnreadBadge } from './Badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Staff' },
  argTypes: { tone: { control: 'inline-radio', options: badgeTones } },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Tones: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {badgeTones.map((tone) => (
        <Badge key={tone} {...args} tone={tone}>
          {tone}
        </Badge>
      ))}
    </div>
  ),
};
export const LongText: Story = {
  args: { children: 'Unelonguechaîneavecaucuneespacepourvoirlatroncature' },
  decorators: [
    (Story) => (
      <div style={{ width: 160 }}>
        <Story />
      </div>
    ),
  ],
};

export const UnreadCount: Story = {
  render: () => <UnreadBadge count={3} label="3 unread answers" />,
};
export const UnreadCapped: Story = {
  render: () => <UnreadBadge count={250} label="250 unread answers" />,
};
export const UnreadUnknown: Story = {
  render: () => <UnreadBadge count={3} known={false} label="Unread answers unknown" />,
};
export const UnreadZeroRendersNothing: Story = {
  render: () => <UnreadBadge count={0} label="No unread answers" />,
};

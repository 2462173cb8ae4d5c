import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'Components/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'Comment', name: 'content', placeholder: 'Write a comment' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: 'Visible to your whole team.' } };
export const Error: Story = { args: { error: 'Either content or activity must be provided' } };
export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Called, will call back next week.' },
};
export const LongUnbrokenText: Story = {
  args: {
    defaultValue:
      'Unmotsansaucuneespaceunmotsansaucuneespaceunmotsansaucuneespaceunmotsansaucuneespaceunmotsansaucuneespace',
  },
};

export const TypingUpdatesTheValue: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByLabelText('Comment');
    await userEvent.type(box, 'Reached, interested.');
    await expect(box).toHaveValue('Reached, interested.');
  },
};

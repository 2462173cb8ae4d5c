import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TagList, type Tag } from './TagList';

const tags: Tag[] = [
  { id: 1, label: 'Decision maker' },
  { id: 2, label: 'Geneva' },
  { id: 3, label: 'Follow up in March' },
];

const meta = {
  title: 'Components/TagList',
  component: TagList,
  tags: ['autodocs'],
  args: { tags, label: 'Tags' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TagList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { tags: [], emptyLabel: 'No tags' } };
export const ManyWithOverflow: Story = {
  args: {
    tags: Array.from({ length: 14 }, (_, i) => ({ id: i, label: `Tag ${i + 1}` })),
    max: 5,
    overflowLabel: (n: number) => `${n} more tags`,
  },
};
export const ManyWrapping: Story = {
  args: { tags: Array.from({ length: 14 }, (_, i) => ({ id: i, label: `Étiquette ${i + 1}` })) },
};
export const LongUnbrokenTag: Story = {
  args: { tags: [{ id: 1, label: 'Uneétiquettetrèslonguesansaucuneespacequidépasse' }, ...tags] },
};

function Removable({ onRemove }: { onRemove: (tag: Tag) => void }) {
  const [list, setList] = useState(tags);
  return (
    <TagList
      tags={list}
      label="Tags"
      removeLabel={(tag) => `Remove the tag ${tag.label}`}
      onRemove={(tag) => {
        onRemove(tag);
        setList((l) => l.filter((t) => t.id !== tag.id));
      }}
    />
  );
}

export const RemovingATag: Story = {
  args: { onRemove: fn() },
  render: (args) => <Removable onRemove={args.onRemove ?? (() => undefined)} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove the tag Geneva' }));
    await expect(args.onRemove).toHaveBeenCalledWith({ id: 2, label: 'Geneva' });
    await expect(canvas.queryByText('Geneva')).toBeNull();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};

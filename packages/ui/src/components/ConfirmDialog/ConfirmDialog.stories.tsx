import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { ConfirmDialog, confirmTones } from './ConfirmDialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Mark this prospect as lost?',
    description: 'Jane Doe will move to the lost column.',
    confirmLabel: 'Yes',
    cancelLabel: 'No',
    onConfirm: fn(),
    onCancel: fn(),
  },
  argTypes: { tone: { control: 'inline-radio', options: confirmTones } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Danger: Story = { args: { tone: 'danger' } };
export const Loading: Story = { args: { loading: true } };
export const French: Story = {
  args: {
    title: 'Marquer ce prospect comme perdu ?',
    description: 'Jane Doe passera dans la colonne des perdus.',
    confirmLabel: 'Oui',
    cancelLabel: 'Non',
  },
};

function StatusQuestion({ onConfirm }: { onConfirm: () => void | Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('ongoing');
  return (
    <div>
      <p>{`Status: ${status}`}</p>
      <Button onClick={() => setOpen(true)}>Lose</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Mark this prospect as lost?"
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={async () => {
          await onConfirm();
          setStatus('lost');
        }}
      />
    </div>
  );
}

export const AnsweringNoLeavesThingsUnchanged: Story = {
  render: (args) => <StatusQuestion onConfirm={args.onConfirm} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Lose' }));
    await userEvent.click(await body.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(canvas.getByText('Status: ongoing')).toBeVisible();
  },
};

export const EscapeAnswersNo: Story = {
  // Ends on the same picture as AnsweringNoLeavesThingsUnchanged: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  render: (args) => <StatusQuestion onConfirm={args.onConfirm} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Lose' }));
    await body.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(canvas.getByText('Status: ongoing')).toBeVisible();
  },
};

export const AnsweringYesConfirmsAndCloses: Story = {
  render: (args) => <StatusQuestion onConfirm={args.onConfirm} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Lose' }));
    await userEvent.click(await body.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(canvas.getByText('Status: lost')).toBeVisible();
  },
};

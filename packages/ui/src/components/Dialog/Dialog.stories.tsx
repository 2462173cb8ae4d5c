import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Dialog, dialogSizes, type DialogSize } from './Dialog';

function DialogDemo({
  size = 'medium',
  initiallyOpen = true,
  body,
}: {
  size?: DialogSize;
  initiallyOpen?: boolean;
  body?: React.ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open the dialog</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add an email account"
        description="Pick your provider to connect a mailbox."
        closeLabel="Close"
        size={size}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button>Save</Button>
          </>
        }
      >
        {body ?? <TextField label="Email" type="email" />}
      </Dialog>
    </>
  );
}

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: { open: true, onOpenChange: () => undefined, title: 'Dialog' },
  argTypes: { size: { control: 'inline-radio', options: dialogSizes } },
  parameters: { layout: 'fullscreen' },
  render: () => <DialogDemo />,
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Small: Story = { render: () => <DialogDemo size="small" /> };
export const Large: Story = { render: () => <DialogDemo size="large" /> };
export const Wide: Story = { render: () => <DialogDemo size="wide" /> };
export const FullScreen: Story = { render: () => <DialogDemo size="fullScreen" /> };
export const LongUnbrokenContent: Story = {
  render: () => (
    <DialogDemo
      body={
        <p>
          Contenuextrêmementlongsansaucuneespacepourvérifierquelecontenusecoupecorrectementdanslaboîtededialogue{' '}
          {Array.from({ length: 30 }, (_, i) => `Ligne ${i + 1} d'un historique très long.`).join(
            ' ',
          )}
        </p>
      }
    />
  ),
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog', { name: 'Add an email account' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

export const FocusMovesIntoTheDialogAndBack: Story = {
  render: () => <DialogDemo initiallyOpen={false} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const opener = canvas.getByRole('button', { name: 'Open the dialog' });
    await userEvent.click(opener);
    const dialog = await body.findByRole('dialog');
    await waitFor(() =>
      expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement),
    );
    await userEvent.click(body.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

function StackDemo() {
  const [first, setFirst] = useState(true);
  const [second, setSecond] = useState(false);
  return (
    <>
      <Dialog
        open={first}
        onOpenChange={setFirst}
        title="Prospect details"
        closeLabel="Close prospect details"
        size="large"
      >
        <p>Jane Doe, Acme Industries.</p>
        <Button onClick={() => setSecond(true)}>Convert</Button>
      </Dialog>
      <Dialog
        open={second}
        onOpenChange={setSecond}
        title="Convert this prospect?"
        closeLabel="Close question"
        size="small"
      >
        <p>This marks the prospect as a new opportunity.</p>
      </Dialog>
    </>
  );
}

export const ModalStack: Story = {
  render: () => <StackDemo />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Convert' }));
    await expect(await body.findByRole('dialog', { name: 'Convert this prospect?' })).toBeVisible();
  },
};

export const ModalStackClosesOnlyTheTopOnBackdropClick: Story = {
  render: () => <StackDemo />,
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument;
    const body = within(doc.body);
    await userEvent.click(await body.findByRole('button', { name: 'Convert' }));
    await expect(await body.findByRole('dialog', { name: 'Convert this prospect?' })).toBeVisible();
    const backdrops = doc.querySelectorAll<HTMLElement>('[data-testid="dialog-backdrop"]');
    await expect(backdrops).toHaveLength(2);
    // A click on the top backdrop, in a corner far from both dialogs.
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: backdrops[1]!,
      coords: { clientX: 5, clientY: 5 },
    });
    await waitFor(() =>
      expect(body.queryByRole('dialog', { name: 'Convert this prospect?' })).toBeNull(),
    );
    await expect(body.getByRole('dialog', { name: 'Prospect details' })).toBeVisible();
  },
};

export const ModalStackClosesOnlyTheTopWithItsCloseButton: Story = {
  // Ends on the same picture as Components/Badge / Unread Zero Renders Nothing: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  render: () => <StackDemo />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Convert' }));
    await userEvent.click(await body.findByRole('button', { name: 'Close question' }));
    await waitFor(() =>
      expect(body.queryByRole('dialog', { name: 'Convert this prospect?' })).toBeNull(),
    );
    await expect(body.getByRole('dialog', { name: 'Prospect details' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

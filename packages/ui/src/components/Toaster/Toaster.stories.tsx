import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { TopBar } from '../AppShell';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { Toaster, TOAST_DEFAULTS, toast, toastPositions } from './Toaster';

type Kind = 'info' | 'success' | 'warning' | 'error';

/** Shows the given toasts on mount (kept open for screenshots) and clears them on unmount. */
function WithToasts({
  items,
  expand,
}: {
  items: Array<{ kind: Kind; text: string }>;
  expand?: boolean;
}) {
  useEffect(() => {
    items.forEach((item, index) =>
      toast[item.kind](item.text, { id: `story-${index}`, duration: Infinity }),
    );
    return () => {
      toast.dismiss();
    };
  }, [items]);
  return expand ? <p>Hover the notifications to expand them.</p> : null;
}

const meta = {
  title: 'Components/Toaster',
  component: Toaster,
  tags: ['autodocs'],
  args: { label: 'Notifications Alt+T', closeLabel: 'Close' },
  argTypes: { position: { control: 'select', options: toastPositions } },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

const saved = [{ kind: 'success' as const, text: 'Saved' }];

export const Success: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <WithToasts items={saved} />
    </>
  ),
};
export const Info: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <WithToasts items={[{ kind: 'info', text: 'A new version is available.' }]} />
    </>
  ),
};
export const Warning: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <WithToasts
        items={[{ kind: 'warning', text: 'Your LinkedIn account is not validated yet.' }]}
      />
    </>
  ),
};
export const Error: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <WithToasts
        items={[{ kind: 'error', text: 'An unexpected error occurred, please try again.' }]}
      />
    </>
  ),
};
export const LongFrenchText: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <WithToasts
        items={[
          {
            kind: 'error',
            text: "Un compte e-mail inactif existe déjà pour ce fournisseur. Veuillez le confirmer avant d'en ajouter un nouveau. Adressesansespace@averyveryverylongdomainname.example.com",
          },
        ]}
      />
    </>
  ),
};
export const Many: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <WithToasts
        items={[
          { kind: 'info', text: 'First notification' },
          { kind: 'success', text: 'Second notification' },
          { kind: 'warning', text: 'Third notification' },
          { kind: 'error', text: 'Fourth notification' },
        ]}
      />
    </>
  ),
};

export const RegionHasTheHotkeyLabelAndWidth: Story = {
  // Ends on the same picture as Success: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  render: (args) => (
    <>
      <Toaster {...args} />
      <WithToasts items={saved} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const region = await body.findByRole('region', { name: 'Notifications Alt+T' });
    await expect(await within(region).findByText('Saved')).toBeVisible();
    const list = region.querySelector<HTMLElement>('[data-sonner-toaster]');
    await expect(list?.dataset.yPosition).toBe('top');
    await expect(list?.dataset.xPosition).toBe('right');
    await expect(list?.getBoundingClientRect().width).toBe(TOAST_DEFAULTS.width);
  },
};

export const AltTFocusesTheNotifications: Story = {
  // Ends on the same picture as Success: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  render: (args) => (
    <>
      <Toaster {...args} />
      <WithToasts items={saved} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument;
    await within(doc.body).findByText('Saved');
    await userEvent.keyboard('{Alt>}t{/Alt}');
    await waitFor(() => expect(doc.activeElement?.closest('[data-sonner-toaster]')).not.toBeNull());
  },
};

export const ButtonShowsAToast: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <Button onClick={() => toast.success('Copied to the clipboard', { id: 'copied' })}>
        Copy
      </Button>
      <WithToasts items={[]} />
    </>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('Copied to the clipboard'),
    ).toBeVisible();
  },
};

function TopCentreError() {
  useEffect(() => {
    toast.error('Incorrect credentials, please check your login information.', {
      id: 'top-centre',
      position: 'top-center',
      duration: Infinity,
    });
    return () => {
      toast.dismiss();
    };
  }, []);
  return null;
}

export const ErrorAtTheTopCentre: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <TopCentreError />
    </>
  ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const text = await body.findByText(
      'Incorrect credentials, please check your login information.',
    );
    const list = text.closest<HTMLElement>('[data-sonner-toaster]');
    await expect(list?.dataset.xPosition).toBe('center');
    await expect(list?.dataset.yPosition).toBe('top');
  },
};

/** A phone and a laptop, for the stories that check where toasts land. */
const WIDTHS = {
  options: {
    w390: { name: '390 px', styles: { width: '390px', height: '800px' }, type: 'mobile' },
    w1280: { name: '1280 px', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
  },
} as const;

/** A top bar with a control on the right, an open dialog with a close button, and a toast that stays. */
function ToastOverDialog({ args }: { args: { label: string; closeLabel?: string } }) {
  useEffect(() => {
    toast.success('The e-mail account has been saved.', { id: 'over-dialog', duration: Infinity });
    return () => {
      toast.dismiss();
    };
  }, []);
  return (
    <>
      <TopBar
        sidebarToggleLabel="Open the menu"
        start={<strong>Prospecta</strong>}
        end={<Button size="small">Account</Button>}
      />
      <Dialog open onOpenChange={() => undefined} title="Add an e-mail account" closeLabel="Close">
        <p>Server, port and password of the mailbox.</p>
      </Dialog>
      <Toaster {...args} />
    </>
  );
}

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The toast covers neither the dialog's header (title and ×) nor the top bar, and a click on the × reaches it.
 * The toaster moves its toasts below the dialog's header after the dialog's opening animation (then a frame), and a
 * toast slides in: every box is measured again on each try, once nothing in the toast or the dialog moves any more.
 * Under a loaded machine that takes more than waitFor's default second.
 */
async function expectHeaderAndTopBarClear(canvasElement: HTMLElement) {
  const doc = canvasElement.ownerDocument;
  const body = within(doc.body);
  const toastElement = (await body.findByText('The e-mail account has been saved.')).closest(
    '[data-sonner-toast]',
  )!;
  const dialog = await body.findByRole('dialog', { name: 'Add an e-mail account' });
  const close = within(dialog).getByRole('button', { name: 'Close' });
  const topBar = doc.querySelector('header')!;
  await waitFor(
    () => {
      const moving = [
        ...toastElement.getAnimations(),
        ...dialog.getAnimations({ subtree: true }),
      ].filter((animation) => animation.playState === 'running');
      expect(moving).toEqual([]);
      const toastBox = toastElement.getBoundingClientRect();
      const header = close.parentElement!.getBoundingClientRect();
      expect({
        header: overlaps(toastBox, header),
        topBar: overlaps(toastBox, topBar.getBoundingClientRect()),
      }).toEqual({ header: false, topBar: false });
      const target = close.getBoundingClientRect();
      const hit = doc.elementFromPoint(
        target.left + target.width / 2,
        target.top + target.height / 2,
      );
      expect(close.contains(hit)).toBe(true);
    },
    { timeout: 5_000 },
  );
}

export const ClearOfTheDialogHeaderOnAPhone: Story = {
  globals: { viewport: { value: 'w390', isRotated: false } },
  parameters: { viewport: WIDTHS },
  render: (args) => <ToastOverDialog args={args} />,
  play: async ({ canvasElement }) => expectHeaderAndTopBarClear(canvasElement),
};

export const ClearOfTheDialogHeaderOnALaptop: Story = {
  globals: { viewport: { value: 'w1280', isRotated: false } },
  parameters: { viewport: WIDTHS },
  render: (args) => <ToastOverDialog args={args} />,
  play: async ({ canvasElement }) => expectHeaderAndTopBarClear(canvasElement),
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckCircle2, Sprout, XCircle } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { ActionMenu } from './ActionMenu';

const convert = fn();
const lose = fn();
const nurture = fn();

const meta = {
  title: 'Components/ActionMenu',
  component: ActionMenu,
  tags: ['autodocs'],
  args: {
    trigger: <Button variant="secondary">Actions</Button>,
    items: [
      {
        key: 'convert',
        label: 'Convert',
        icon: <CheckCircle2 size={16} />,
        onSelect: convert,
        shortcut: 'c',
      },
      {
        key: 'nurture',
        label: 'Nurture',
        icon: <Sprout size={16} />,
        onSelect: nurture,
        shortcut: 'n',
      },
      {
        key: 'lose',
        label: 'Lose',
        icon: <XCircle size={16} />,
        onSelect: lose,
        tone: 'danger',
        shortcut: 'l',
      },
    ],
  },
  decorators: [
    (Story) => (
      <div
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'flex-start',
          minHeight: 200,
        }}
      >
        <Story />
      </div>
    ),
  ],
  beforeEach: () => {
    convert.mockClear();
    lose.mockClear();
    nurture.mockClear();
  },
} satisfies Meta<typeof ActionMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const WithoutShortcutsOrIcons: Story = {
  // Ends on the same picture as Closed: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  args: {
    items: [
      { key: 'open', label: 'Open the details', onSelect: fn() },
      { key: 'disabled', label: 'Refresh (campaign inactive)', onSelect: fn(), disabled: true },
    ],
  },
};

export const Open: Story = {
  parameters: {
    // Radix hides the page behind an open menu with aria-hidden while focus is inside the menu;
    // axe still flags the hidden trigger as focusable. Only for this open-popup snapshot.
    a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions' }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(3);
  },
};

export const ChoosesAnAction: Story = {
  parameters: { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions' }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Lose/ }));
    await expect(lose).toHaveBeenCalledTimes(1);
    await expect(convert).not.toHaveBeenCalled();
    await expect(within(canvasElement.ownerDocument.body).queryByRole('menu')).toBeNull();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { LogOut, User } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { UserMenu } from './UserMenu';

const profile = fn();
const signOut = fn();

const meta = {
  title: 'Components/UserMenu',
  component: UserMenu,
  tags: ['autodocs'],
  args: {
    name: 'Claire Dubois',
    company: 'Acme Industries',
    triggerLabel: 'Open the user menu',
    items: [
      { key: 'profile', label: 'My profile', icon: <User size={16} />, onSelect: profile },
      {
        key: 'sign-out',
        label: 'Sign out',
        icon: <LogOut size={16} />,
        onSelect: signOut,
        tone: 'danger',
      },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 220 }}>
        <Story />
      </div>
    ),
  ],
  beforeEach: () => {
    profile.mockClear();
    signOut.mockClear();
  },
} satisfies Meta<typeof UserMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithoutCompany: Story = { args: { company: undefined } };
export const LongNames: Story = {
  args: {
    name: 'Marie-Christine de La Rochefoucauld-Montbel',
    company: 'Compagniegénéraledesétablissementsindustrielsréunis',
  },
};

export const Open: Story = {
  parameters: {
    // Radix hides the page behind an open menu with aria-hidden while focus is inside the menu;
    // axe still flags the hidden trigger as focusable. Only for this open-popup snapshot.
    a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: /Open the user menu/ }),
    );
    await expect(await within(canvasElement.ownerDocument.body).findByRole('menu')).toBeVisible();
  },
};

export const SignOutFromTheMenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: /Open the user menu/ }),
    );
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'Sign out' }),
    );
    await expect(signOut).toHaveBeenCalledTimes(1);
    await expect(profile).not.toHaveBeenCalled();
  },
};

export const KeyboardOpensAndSelects: Story = {
  // Ends on the same picture as SignOutFromTheMenu: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Open the user menu/ });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await within(canvasElement.ownerDocument.body).findByRole('menu');
    await waitFor(() =>
      expect(
        within(canvasElement.ownerDocument.body).getByRole('menuitem', { name: 'My profile' }),
      ).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await expect(profile).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bot, Inbox, LayoutDashboard, LogOut, Megaphone, Sparkles, User } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Badge, UnreadBadge } from '../Badge';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { LanguageSwitch, type Language } from '../LanguageSwitch';
import { UserMenu } from '../UserMenu';
import { AppShell } from './AppShell';
import { Sidebar, SidebarItem, SidebarNav } from './Sidebar';
import { Footer, TopBar } from './TopBar';

function Logo() {
  return (
    <a
      href="#home"
      style={{ fontWeight: 700, fontSize: 18, color: 'inherit', textDecoration: 'none' }}
    >
      Prospecta
    </a>
  );
}

function Shell({
  staff = false,
  unread = 3,
  content,
  aiLabel = 'AI campaign wizard',
}: {
  staff?: boolean;
  unread?: number;
  content?: React.ReactNode;
  aiLabel?: string;
}) {
  const [language, setLanguage] = useState<Language>('en');
  const [active, setActive] = useState('dashboard');
  const go = (page: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    setActive(page);
  };
  return (
    <AppShell
      closeSidebarLabel="Close the menu"
      sidebar={
        <Sidebar
          label="Main navigation"
          logo={<Logo />}
          closeLabel="Close the menu"
          footer={
            <SidebarNav>
              <SidebarItem
                as="button"
                icon={<Sparkles size={18} />}
                label="New features"
                onClick={fn()}
              />
            </SidebarNav>
          }
        >
          <SidebarNav>
            <SidebarItem
              href="#dashboard"
              icon={<LayoutDashboard size={18} />}
              label="Dashboard"
              active={active === 'dashboard'}
              onClick={go('dashboard')}
            />
            <SidebarItem
              href="#campaigns"
              icon={<Megaphone size={18} />}
              label="Campaigns"
              active={active === 'campaigns'}
              onClick={go('campaigns')}
            />
            <SidebarItem
              href="#inbox"
              icon={<Inbox size={18} />}
              label="Inbox"
              active={active === 'inbox'}
              onClick={go('inbox')}
              badge={
                <UnreadBadge
                  count={unread}
                  known={!staff}
                  label={staff ? 'Unread answers unknown' : `${unread} unread answers`}
                />
              }
            />
            {staff && (
              <SidebarItem
                href="#ai"
                icon={<Bot size={18} />}
                label={aiLabel}
                active={active === 'ai'}
                onClick={go('ai')}
                badge={<Badge tone="info">Staff</Badge>}
              />
            )}
          </SidebarNav>
        </Sidebar>
      }
      topBar={
        <TopBar
          sidebarToggleLabel="Open the menu"
          end={
            <>
              <LanguageSwitch
                value={language}
                onValueChange={setLanguage}
                label="Language"
                languageNames={{ fr: 'Français', en: 'English' }}
              />
              <UserMenu
                name="Claire Dubois"
                company="Acme Industries"
                triggerLabel="Open the user menu"
                items={[
                  { key: 'profile', label: 'My profile', icon: <User size={16} />, onSelect: fn() },
                  {
                    key: 'sign-out',
                    label: 'Sign out',
                    icon: <LogOut size={16} />,
                    onSelect: fn(),
                    tone: 'danger',
                  },
                ]}
              />
            </>
          }
        />
      }
      footer={
        <Footer>
          <span>© 2026 Prospecta</span>
          <a href="#legal">Legal notice</a>
        </Footer>
      }
    >
      {content ?? (
        <EmptyState
          title={`Page: ${active}`}
          description="The page content goes here."
          action={<Button variant="secondary">Refresh</Button>}
        />
      )}
    </AppShell>
  );
}

const meta = {
  title: 'Components/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { sidebar: null, topBar: null, children: null, closeSidebarLabel: 'Close the menu' },
  render: () => <Shell />,
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};
export const Staff: Story = { render: () => <Shell staff /> };
export const ManyUnread: Story = { render: () => <Shell unread={1234} /> };
export const LongContent: Story = {
  render: () => (
    <Shell
      content={
        <div>
          {Array.from({ length: 40 }, (_, i) => (
            <p key={i}>{`Row ${i + 1} of a long page.`}</p>
          ))}
        </div>
      }
    />
  ),
};

/** A long item label beside a badge (the French staff sidebar) wraps; nothing is cut with an ellipsis. */
export const LongItemLabelWraps: Story = {
  render: () => <Shell staff aiLabel="Assistant IA de campagne pour les équipes commerciales" />,
  play: async ({ canvasElement }) => {
    const item = within(canvasElement).getByRole('link', {
      name: /Assistant IA de campagne pour les équipes commerciales/,
    });
    const label = within(item).getByText('Assistant IA de campagne pour les équipes commerciales');
    await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
    await expect(label.getBoundingClientRect().right).toBeLessThanOrEqual(
      item.getBoundingClientRect().right,
    );
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile2', isRotated: false } } };

export const MobileToggleOpensAndClosesTheSidebar: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Open the menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = await canvas.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: /Campaigns/ }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    await expect(canvas.getByRole('heading', { name: 'Page: campaigns' })).toBeVisible();
  },
};

export const MobileEscapeClosesTheSidebar: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Open the menu' });
    await userEvent.click(toggle);
    await canvas.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  },
};

export const DesktopShowsTheSidebarWithoutToggle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    const toggle = canvasElement.querySelector('button[aria-label="Open the menu"]');
    await expect(toggle).not.toBeNull();
    await expect(toggle).not.toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: /Inbox/ }));
    await expect(canvas.getByRole('link', { name: /Inbox/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs, type TabItem } from './Tabs';

const items: TabItem[] = [
  { value: 'profile', label: 'Profile', content: <p>Full name, company, website.</p> },
  { value: 'info', label: 'Info', content: <p>Onboarding questionnaire.</p> },
  { value: 'integrations', label: 'Integrations', content: <p>LinkedIn and e-mail accounts.</p> },
];

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { items, label: 'Profile sections', onValueChange: fn() },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultValue: 'integrations' } };
export const WithDisabledTab: Story = {
  args: {
    items: items.map((item) => (item.value === 'info' ? { ...item, disabled: true } : item)),
  },
};
export const French: Story = {
  args: {
    label: 'Sections du profil',
    items: [
      { value: 'profile', label: 'Profil', content: <p>Nom complet, entreprise, site web.</p> },
      { value: 'info', label: 'Informations', content: <p>Questionnaire de démarrage.</p> },
      { value: 'integrations', label: 'Intégrations', content: <p>Comptes LinkedIn et e-mail.</p> },
    ],
  },
};
export const ManyTabs: Story = {
  args: {
    items: Array.from({ length: 12 }, (_, i) => ({
      value: `tab-${i + 1}`,
      label: `Section number ${i + 1}`,
      content: <p>{`Content ${i + 1}`}</p>,
    })),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
};

export const ClickSelectsATab: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Integrations' }));
    await expect(canvas.getByRole('tab', { name: 'Integrations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('LinkedIn and e-mail accounts.');
    await expect(args.onValueChange).toHaveBeenCalledWith('integrations');
  },
};

export const ArrowKeysMoveBetweenTabs: Story = {
  // Ends on the same picture as ClickSelectsATab: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Info' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Info' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Integrations' })).toHaveFocus();
  },
};

export const HoverOnATab: Story = {
  // Ends on the same picture as Default: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('tab', { name: 'Info' }));
  },
};

/** A phone-wide row (366 px) with long labels: the tabs share the row and wrap between words, none is cut. */
export const NarrowRowWrapsLabels: Story = {
  args: {
    label: 'Étapes du questionnaire',
    items: [
      { value: 'brief', label: 'Produit ou service', content: <p>Le brief.</p> },
      { value: 'audience', label: 'Audience cible', content: <p>L’audience.</p> },
      { value: 'last', label: 'Dernière étape', content: <p>Un appel.</p> },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ width: 366 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('tablist');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    for (const tab of canvas.getAllByRole('tab')) {
      const box = tab.getBoundingClientRect();
      const row = list.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(row.right + 0.5);
      await expect(tab.scrollWidth).toBeLessThanOrEqual(tab.clientWidth);
    }
  },
};

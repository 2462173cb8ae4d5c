import type { Meta, StoryObj } from '@storybook/react-vite';
import { MoreHorizontal } from 'lucide-react';
import { Button } from '../Button';
import { IconButton } from '../IconButton';
import { Card, cardElevations, cardPaddings } from './Card';

const meta = {
  title: 'Components/Card',
  component: Card,
  tags: ['autodocs'],
  args: { title: 'Company', children: 'Acme Industries, 12 rue du Rhône, 1204 Genève' },
  argTypes: {
    padding: { control: 'inline-radio', options: cardPaddings },
    elevation: { control: 'inline-radio', options: cardElevations },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Raised: Story = { args: { elevation: 'raised' } };
export const WithDescriptionActionsAndFooter: Story = {
  args: {
    description: 'Where the prospect works.',
    actions: <IconButton icon={<MoreHorizontal size={18} />} label="More actions" size="small" />,
    footer: (
      <Button size="small" variant="secondary">
        Edit
      </Button>
    ),
  },
};
export const Empty: Story = {
  args: { title: undefined, children: undefined, description: 'Nothing here yet.' },
};
export const LongUnbrokenTitle: Story = {
  args: {
    title: 'Uneentreprisedontlenomesttrèstrèstrèstrèslongetsansespaceaucun',
    children:
      'Une description en français qui passe sur plusieurs lignes pour vérifier le retour à la ligne.',
  },
};
export const Paddings: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      {cardPaddings.map((padding) => (
        <Card key={padding} {...args} padding={padding} title={`Padding ${padding}`} />
      ))}
    </div>
  ),
};

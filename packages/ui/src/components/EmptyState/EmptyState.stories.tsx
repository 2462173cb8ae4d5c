import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessageSquareOff, SearchX } from 'lucide-react';
import { Button } from '../Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: {
    title: 'No answers',
    description: 'When prospects answer your campaigns, their messages appear here.',
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NoMessages: Story = {
  args: { title: 'No messages', description: undefined, icon: <MessageSquareOff size={24} /> },
};
export const WithAction: Story = {
  args: {
    title: 'No prospect matches your search',
    description: undefined,
    icon: <SearchX size={24} />,
    action: <Button variant="secondary">Clear the search</Button>,
  },
};
export const French: Story = {
  args: {
    title: 'Aucune réponse',
    description: 'Quand des prospects répondent à vos campagnes, leurs messages apparaissent ici.',
  },
};
export const LongUnbrokenText: Story = {
  args: {
    title: 'Aucunprospectnecorrespondàvotrerechercheaucunprospectnecorrespond',
    description: 'Essayezunautremotclédifférentdanslechampderecherche',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
};

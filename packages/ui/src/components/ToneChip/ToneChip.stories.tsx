import type { Meta, StoryObj } from '@storybook/react-vite';
import { tones } from '../../theme/tones';
import { ToneChip } from './ToneChip';

// Story labels only: the design system knows no product; the app maps its statuses onto these tones.
const labels = {
  neutral: 'Pending',
  info: 'Ongoing',
  positive: 'New opportunity',
  caution: 'To call',
  critical: 'Lost',
  accent: 'Opportunity to engage',
} as const;

const meta = {
  title: 'Components/ToneChip',
  component: ToneChip,
  tags: ['autodocs'],
  args: { tone: 'info', label: 'Ongoing' },
  argTypes: { tone: { control: 'select', options: tones } },
} satisfies Meta<typeof ToneChip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const AllTones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {tones.map((tone) => (
        <ToneChip key={tone} tone={tone} label={labels[tone]} />
      ))}
    </div>
  ),
};
export const Truncated: Story = {
  args: { tone: 'accent', label: 'Opportunitéàengagertrèslongueetsansaucuneespace' },
  decorators: [
    (Story) => (
      <div style={{ width: 140 }}>
        <Story />
      </div>
    ),
  ],
};

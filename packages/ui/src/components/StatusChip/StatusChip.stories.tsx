import type { Meta, StoryObj } from '@storybook/react-vite';
import { prospectStatuses, StatusChip, type ProspectStatusValue } from './StatusChip';

const en: Record<ProspectStatusValue, string> = {
  pending: 'Pending',
  ongoing: 'Ongoing',
  to_call: 'To call',
  converted: 'New opportunity',
  lost: 'Lost',
  nurture: 'Opportunity to engage',
  nurtured: 'Nurtured',
};
const fr: Record<ProspectStatusValue, string> = {
  pending: 'En attente',
  ongoing: 'En cours',
  to_call: 'À appeler',
  converted: 'Nouvelle opportunité',
  lost: 'Perdu',
  nurture: 'Opportunité à engager',
  nurtured: 'Relancé',
};

const meta = {
  title: 'Components/StatusChip',
  component: StatusChip,
  args: { status: 'ongoing', label: 'Ongoing' },
  argTypes: { status: { control: 'select', options: prospectStatuses } },
} satisfies Meta<typeof StatusChip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const AllStatusesEnglish: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {prospectStatuses.map((status) => <StatusChip key={status} status={status} label={en[status]} />)}
    </div>
  ),
};
export const AllStatusesFrench: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {prospectStatuses.map((status) => <StatusChip key={status} status={status} label={fr[status]} />)}
    </div>
  ),
};
export const Truncated: Story = {
  args: { status: 'nurture', label: 'Opportunitéàengagertrèslongueetsansaucuneespace' },
  decorators: [(Story) => <div style={{ width: 140 }}><Story /></div>],
};

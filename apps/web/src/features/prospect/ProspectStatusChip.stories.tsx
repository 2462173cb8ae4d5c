import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PROSPECT_STATUSES } from '@prospecta/domain';
import { withApp } from '../../testing/decorators';
import { ProspectStatusChip } from './components/ProspectStatusChip';

function AllStatuses() {
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {PROSPECT_STATUSES.map((status) => (
        <ProspectStatusChip key={status} status={status} />
      ))}
    </div>
  );
}

const meta = {
  title: 'Screens/Prospect/Status chip',
  component: AllStatuses,
  decorators: [withApp],
} satisfies Meta<typeof AllStatuses>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every status in its tone (§4 labels: converted is "New opportunity", nurture "Opportunity to engage"). */
export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('New opportunity')).toBeInTheDocument();
    await expect(canvas.getByText('Opportunity to engage').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'accent',
    );
    await expect(canvas.getByText('Lost').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'critical',
    );
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Nouvelle opportunité'),
    ).toBeInTheDocument();
  },
};

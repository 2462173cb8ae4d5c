import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { environmentTints } from '../../theme/environment';
import { lightTheme } from '../../theme/tokens';
import { Card } from '../Card';
import { EnvironmentTint } from './EnvironmentTint';

const meta = {
  title: 'Foundations/EnvironmentTint',
  component: EnvironmentTint,
  tags: ['autodocs'],
  args: { environment: 'ci' },
  argTypes: { environment: { control: 'inline-radio', options: [...environmentTints, 'production'] } },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div style={{ minHeight: 240, padding: 24 }}>
      <EnvironmentTint {...args} />
      <Card title="Page content">{`Environment: ${String(args.environment)}`}</Card>
    </div>
  ),
} satisfies Meta<typeof EnvironmentTint>;
export default meta;
type Story = StoryObj<typeof meta>;

function hexToRgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

export const ContinuousIntegrationIsOrange: Story = {
  args: { environment: 'ci' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(getComputedStyle(canvasElement.ownerDocument.body).backgroundColor).toBe(hexToRgb(lightTheme.color.tintCi)));
  },
};

export const StagingIsIndigo: Story = {
  args: { environment: 'staging' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(getComputedStyle(canvasElement.ownerDocument.body).backgroundColor).toBe(hexToRgb(lightTheme.color.tintStaging)));
  },
};

export const ProductionHasNoTint: Story = {
  args: { environment: 'production' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(getComputedStyle(canvasElement.ownerDocument.body).backgroundColor).toBe(hexToRgb(lightTheme.color.background)));
  },
};

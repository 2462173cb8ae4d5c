import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { useEffect } from 'react';
import { Card } from '../components/Card';
import { applyEnvironment, environmentTints } from './environment';
import { lightTheme } from './tokens';

/** What the app does at start with /config.json's environment: `applyEnvironment` tints the page. */
function Tinted({ environment }: { environment: string }) {
  useEffect(() => {
    applyEnvironment(environment);
    return () => applyEnvironment(null);
  }, [environment]);
  return <Card title="Page content">{`Environment: ${environment}`}</Card>;
}

const meta = {
  title: 'Foundations/EnvironmentTint',
  args: { environment: 'ci' },
  argTypes: {
    environment: { control: 'inline-radio', options: [...environmentTints, 'production'] },
  },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div style={{ minHeight: 240, padding: 24 }}>
      <Tinted environment={args.environment} />
    </div>
  ),
} satisfies Meta<{ environment: string }>;
export default meta;
type Story = StoryObj<typeof meta>;

function hexToRgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

export const ContinuousIntegrationIsOrange: Story = {
  args: { environment: 'ci' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(getComputedStyle(canvasElement.ownerDocument.body).backgroundColor).toBe(
        hexToRgb(lightTheme.color.tintCi),
      ),
    );
  },
};

export const StagingIsIndigo: Story = {
  args: { environment: 'staging' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(getComputedStyle(canvasElement.ownerDocument.body).backgroundColor).toBe(
        hexToRgb(lightTheme.color.tintStaging),
      ),
    );
  },
};

export const ProductionHasNoTint: Story = {
  args: { environment: 'production' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(getComputedStyle(canvasElement.ownerDocument.body).backgroundColor).toBe(
        hexToRgb(lightTheme.color.background),
      ),
    );
  },
};

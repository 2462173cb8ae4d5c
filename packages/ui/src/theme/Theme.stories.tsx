import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, waitFor } from 'storybook/test';
import { lightTheme } from './tokens';
import { Button } from '../components/Button';
import { Card } from '../components/Card';

/** What the app does with a stored "dark" preference: nothing. Even a dark marker on the root renders light (spec §1). */
function StoredDark() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = 'dark';
    return () => {
      delete root.dataset.theme;
    };
  }, []);
  return (
    <Card title="A stored dark choice">
      <p>The product is light only: this renders the light theme.</p>
      <Button>Primary action</Button>
    </Card>
  );
}

const meta = {
  title: 'Foundations/Theme',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const StoredDarkChoiceStillRendersLight: Story = {
  render: () => <StoredDark />,
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument;
    // The marker is set by an effect, which React runs after the first paint (not yet when play starts in a
    // browser that is not a test runner's).
    await waitFor(() => expect(doc.documentElement.dataset.theme).toBe('dark'));
    const n = Number.parseInt(lightTheme.color.background.slice(1), 16);
    await expect(getComputedStyle(doc.body).backgroundColor).toBe(
      `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`,
    );
  },
};

export const BundledFont: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {(['xsmall', 'small', 'body', 'large', 'h3', 'h2', 'h1'] as const).map((size) => (
        <span key={size} style={{ fontSize: lightTheme.fontSize[size] }}>
          {`${size}: Prospectez mieux, répondez plus vite — Inter ${lightTheme.fontSize[size]}`}
        </span>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument;
    await doc.fonts.ready;
    await expect(doc.fonts.check(`16px Inter`)).toBe(true);
    await expect(getComputedStyle(doc.body).fontFamily).toContain('Inter');
  },
};

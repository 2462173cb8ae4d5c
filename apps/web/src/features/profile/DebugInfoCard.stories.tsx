import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withApp, withToaster } from '../../testing/decorators';
import { DebugInfoCard } from './DebugInfoCard';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const meta = {
  title: 'Screens/User/Debug information',
  component: DebugInfoCard,
  decorators: [withToaster, withApp],
  args: { userAgent: CHROME_LINUX, writeText: fn(async () => undefined) },
} satisfies Meta<typeof DebugInfoCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Copy succeeds: the line is written and a success toast appears. */
export const CopySucceeds: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const line =
      'Browser: Chrome 131 · Operating system: Linux · Device: computer · App version: 2.3.5';
    await expect(canvas.getByTestId('debug-line')).toHaveTextContent(line);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(args.writeText).toHaveBeenCalledWith(line);
    await expect(
      await within(document.body).findByText(
        'The technical information was copied to the clipboard.',
      ),
    ).toBeVisible();
  },
};

/** §8: copy fails → 'Impossible de copier dans le presse-papier'. */
export const CopyFails: Story = {
  globals: { locale: 'fr' },
  args: { writeText: fn(async () => Promise.reject(new Error('denied'))) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copier' }));
    await expect(
      await within(document.body).findByText('Impossible de copier dans le presse-papier'),
    ).toBeVisible();
  },
};

export const Phone: Story = {
  args: { userAgent: IPHONE },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('debug-line')).toHaveTextContent(
      'Device: phone',
    );
  },
};

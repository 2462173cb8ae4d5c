import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withApp } from '../../testing/decorators';
import { ScreenLoadError } from './ScreenLoadError';

const meta = {
  title: 'Screens/Shell/Screen load error',
  component: ScreenLoadError,
  decorators: [withApp],
  args: {
    title: 'The dashboard could not be loaded.',
    onRetry: fn(),
    retrying: false,
  },
} satisfies Meta<typeof ScreenLoadError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What failed, what to check, and a retry that asks again. */
export const Failed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'The dashboard could not be loaded.' }),
    ).toBeVisible();
    await expect(canvas.getByText('Check your connection, then try again.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** While the data is asked for again, the button waits (busy, no second request). */
export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  args: { title: 'Le tableau de bord n’a pas pu être chargé.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Vérifiez votre connexion, puis réessayez.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  },
};

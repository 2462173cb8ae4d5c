import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routesFor } from '../../testing/appRoutes';
import { withApp } from '../../testing/decorators';
import { pageHandlers, SMALL_SCREEN, TUTORIAL_SEEN } from '../../testing/stories';
import { NotFoundPage } from './NotFoundPage';

const meta = {
  title: 'Screens/Not found/Page',
  component: NotFoundPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: {
      routes: routesFor(),
      route: { initialEntries: ['/', '/no/such/page'] },
      preferences: TUTORIAL_SEEN,
    },
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof NotFoundPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};

/** The back link returns to the previous page. */
export const GoesBack: Story = {
  // Ends on the same picture as Screens/Sign-in/Login and reset / Login Succeeds: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent(/^\/$/));
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Page introuvable' }),
    ).toBeVisible();
  },
};

export const SmallScreen: Story = { globals: SMALL_SCREEN };

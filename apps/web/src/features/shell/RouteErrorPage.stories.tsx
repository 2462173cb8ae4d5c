import type { Meta, StoryObj } from '@storybook/react-vite';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CHUNK_RELOAD_KEY } from './chunkReload';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { pageHandlers, TUTORIAL_SEEN } from '../../testing/stories';
import { RouteErrorBoundary } from './RouteErrorPage';

const reload = fn();

/** A throw-away session storage per story: the once-per-page chunk reload must not leak between stories. */
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "prospects")');
}

/** A screen whose code is gone from the server (a redeploy replaced it). */
const Gone = lazy(() =>
  Promise.reject(
    new TypeError('Failed to fetch dynamically imported module: /assets/DashboardPage-3f9a1c.js'),
  ),
);

/** A screen at /broken that fails as `fail` says, under the routes' error boundary. */
function broken(fail: 'render' | 'chunk', storage = memoryStorage()): AppStoryParameters {
  const route: RouteObject = {
    path: '/broken',
    element: fail === 'render' ? <Broken /> : <Gone />,
  };
  return {
    routes: [
      {
        element: <RouteErrorBoundary standalone reload={reload} storage={storage} />,
        children: [route],
      },
    ],
    route: { initialEntries: ['/broken'] },
    preferences: TUTORIAL_SEEN,
  };
}

const meta = {
  title: 'Screens/Shell/Route error',
  component: RouteErrorBoundary,
  decorators: [withApp],
  beforeEach: () => {
    reload.mockClear();
  },
  parameters: {
    layout: 'fullscreen',
    app: broken('render'),
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof RouteErrorBoundary>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A screen that throws: a message in the user's language and a reload button, never the developer screen. */
export const ScreenFailed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'This page could not be shown.' }),
    ).toBeVisible();
    await expect(
      canvas.queryByText(/Unexpected Application Error|Hey developer/),
    ).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the page' }));
    await expect(reload).toHaveBeenCalledTimes(1);
  },
};

export const ScreenFailedFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Cette page n’a pas pu s’afficher.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
  },
};

/** After a redeploy the screen's old code is gone: the page reloads once by itself to get the new version. */
export const NewVersionReloadsOnce: Story = {
  parameters: { app: broken('chunk') },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the new version…')).toBeVisible();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  },
};

/** The same page failed again right after its reload: no loop, the user is told and decides. */
export const NewVersionAfterTheReload: Story = {
  parameters: {
    app: broken(
      'chunk',
      memoryStorage({ [CHUNK_RELOAD_KEY]: JSON.stringify({ page: '/broken', at: Date.now() }) }),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'A new version of Prospecta is available.' }),
    ).toBeVisible();
    await expect(reload).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the page' }));
    await expect(reload).toHaveBeenCalledTimes(1);
  },
};

export const NewVersionAfterTheReloadFrench: Story = {
  ...NewVersionAfterTheReload,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', {
        name: 'Une nouvelle version de Prospecta est disponible.',
      }),
    ).toBeVisible();
  },
};

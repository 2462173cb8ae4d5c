import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { TestApp } from '../../testing/decorators';
import { RouteErrorBoundary } from './RouteErrorPage';

function Broken(): never {
  throw new Error('The screen broke.');
}

function renderAt(path: string) {
  const storage = new Map<string, string>();
  render(
    <TestApp
      route={{ initialEntries: [path] }}
      routes={[
        {
          element: (
            <>
              <Link to="/fine">Somewhere else</Link>
              <RouteErrorBoundary
                reload={() => undefined}
                storage={{
                  getItem: (key) => storage.get(key) ?? null,
                  setItem: (key, value) => void storage.set(key, value),
                }}
              />
            </>
          ),
          children: [
            { path: '/broken', element: <Broken /> },
            { path: '/fine', element: <p>A screen that works.</p> },
          ],
        },
      ]}
    />,
  );
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page in place of a screen that throws, and the next address renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    expect(
      await screen.findByRole('heading', { name: 'This page could not be shown.' }),
    ).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByText('A screen that works.')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'This page could not be shown.' }),
    ).not.toBeInTheDocument();
  });
});

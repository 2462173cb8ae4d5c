import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockOperation } from '@prospecta/api-client/msw';
import { makeTokenPair } from '@prospecta/api-client/fixtures';
import { DEMO_PASSWORD } from '@prospecta/domain/demo';
import { TestApp, type AppStoryParameters } from '../../testing/decorators';
import { BUILDER_DRAFT_ID, builderWorld } from '../../testing/builder';
import { createTestServer } from '../../testing/msw-node';
import { customerUser, otherCustomerUser, staffUser } from '../../testing/users';
import { appRoutes } from './routes';

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const seenTutorial = { appVersion: '2.3.5' };

function renderAt(path: string, options: Omit<AppStoryParameters, 'routes' | 'route'> = {}) {
  render(
    <TestApp
      routes={appRoutes}
      route={{ initialEntries: [path] }}
      preferences={seenTutorial}
      {...options}
    />,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('routes and guards (§2, §6)', () => {
  it('sends an anonymous visitor of an authenticated route to /login', async () => {
    renderAt('/users/2/inbox', { user: null });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('brings the visitor back to the page they asked for once signed in', async () => {
    server.use(
      mockOperation('post', '/api/v2/auth/token/get', {
        status: 200,
        body: { ...makeTokenPair(1), user: customerUser },
      }),
    );
    renderAt(`/users/${customerUser.id}/inbox`, { user: null });
    const form = within(await screen.findByRole('form', { name: 'Sign in' }));
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), customerUser.email);
    await userEvent.type(form.getByLabelText(/^Password/, { selector: 'input' }), DEMO_PASSWORD);
    await userEvent.click(form.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe(`/users/${customerUser.id}/inbox`));
  });

  it('sends a signed-in visitor of /login home', async () => {
    renderAt('/login');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('forces a customer to their own id in the URL', async () => {
    renderAt(`/users/${otherCustomerUser.id}/campaigns?x=1`);
    await waitFor(() => expect(location()).toBe(`/users/${customerUser.id}/campaigns?x=1`));
  });

  it('lets staff view another user and keeps the id', async () => {
    renderAt(`/users/${otherCustomerUser.id}/inbox`, { user: staffUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(location()).toBe(`/users/${otherCustomerUser.id}/inbox`);
  });

  it('treats a malformed user id as not found', async () => {
    renderAt('/users/abc/dashboard', { user: staffUser });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('keeps /onboarding for staff and sends others to /', async () => {
    renderAt('/onboarding');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows the onboarding layout to staff', async () => {
    renderAt('/onboarding', { user: staffUser });
    expect(
      await screen.findByRole('heading', { name: 'Onboarding questionnaire' }),
    ).toBeInTheDocument();
  });

  it('sends non-staff away from the AI area to /404 and staff to the settings step', async () => {
    renderAt('/ai-wizard');
    await waitFor(() => expect(location()).toBe('/404'));
  });

  // The first test to open the AI area loads its code (the builder's forms): slow in jsdom on a busy machine.
  it(
    'opens the AI area at the settings step for staff, who choose a customer first',
    { timeout: 30_000 },
    async () => {
      renderAt('/ai-wizard', { user: staffUser });
      expect(
        await screen.findByText(/^Choose a customer in the sidebar first/, {}, { timeout: 20_000 }),
      ).toBeInTheDocument();
      expect(location()).toBe('/ai-wizard/step/settings');
    },
  );

  it('redirects a locked step of a draft to the current one, keeping the draft', async () => {
    server.use(...builderWorld().handlers);
    renderAt(`/ai-wizard/step/summary?draft=${BUILDER_DRAFT_ID}`, {
      user: staffUser,
      preferences: {
        ...seenTutorial,
        selectedUser: JSON.stringify({ id: customerUser.id, name: customerUser.full_name }),
      },
    });
    await waitFor(() =>
      expect(location()).toBe(`/ai-wizard/step/settings?draft=${BUILDER_DRAFT_ID}`),
    );
  });

  it('sends the user page index to the profile tab, with the info tab only for flagged users', async () => {
    renderAt(`/users/${customerUser.id}/user`);
    await waitFor(() => expect(location()).toBe(`/users/${customerUser.id}/user/profile`));
    const tabs = await screen.findByRole('navigation', { name: 'Account sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Profile', 'Information', 'Integrations']);
  });

  it('hides the info tab (and its route) for users without the onboarding_form flag', async () => {
    renderAt(`/users/${otherCustomerUser.id}/user/info`, { user: otherCustomerUser });
    await waitFor(() => expect(location()).toBe(`/users/${otherCustomerUser.id}/user/profile`));
    const tabs = await screen.findByRole('navigation', { name: 'Account sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Profile', 'Integrations']);
  });

  it('shows Refreshing session... while a refresh runs', async () => {
    renderAt('/users/2/inbox', { sessionView: { status: 'refreshing', user: null } });
    expect(await screen.findByText('Refreshing session...')).toBeInTheDocument();
  });

  it('shows a 404 page for anything else', async () => {
    renderAt('/nowhere/at/all');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });
});

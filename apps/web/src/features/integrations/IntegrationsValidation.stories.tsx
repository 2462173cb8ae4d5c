import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { createScenario } from '@prospecta/api-client/fixtures';
import { mockOperation } from '@prospecta/api-client/msw';
import { pageHandlers } from '../../testing/stories';
import { IntegrationsTab } from './IntegrationsTab';
import {
  emailTable,
  expectTopCentreToast,
  integrationsMeta,
  linkedinTable,
  page,
} from '../../testing/integrations';

/** Validating an account from its list: an e-mail account through its sign-in page, a LinkedIn account with its session cookie. */
const meta = {
  title: 'Screens/Integrations/Validate an account',
  component: IntegrationsTab,
  ...integrationsMeta,
  // Storybook copies the comment above into parameters.docs.description, adding a `parameters` key when the
  // literal has none (which would replace the spread one): hence this copy.
  parameters: { ...integrationsMeta.parameters },
} satisfies Meta<typeof IntegrationsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** §4: the validate button of an invalid non-SMTP account opens its auth_url in a new window. */
export const ValidateEmailAccount: Story = {
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    const target = { opener: {} as unknown, location: { href: '' } };
    const open = spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    try {
      await userEvent.click(
        await email.findByRole('button', { name: 'Validate elodie.lefevre@gmail.example.com' }),
      );
      await expect(open).toHaveBeenCalledTimes(1);
      await expect(target.location.href).toBe('https://auth.example.com/google/consent');
      await expect(target.opener).toBeNull();
    } finally {
      open.mockRestore();
    }
  },
};

/** A blocked pop-up is told, never silent. */
export const ValidateEmailAccountPopupBlocked: Story = {
  play: async ({ canvasElement }) => {
    const email = await emailTable(canvasElement);
    const open = spyOn(window, 'open').mockReturnValue(null);
    try {
      await userEvent.click(
        await email.findByRole('button', { name: 'Validate elodie.lefevre@gmail.example.com' }),
      );
      await expectTopCentreToast(
        'Your browser blocked the new window. Allow pop-ups for this site, then try again.',
      );
    } finally {
      open.mockRestore();
    }
  },
};

/** The server validates the account with the cookie: its answer, then the list with the account valid. */
function validatedLinkedinHandlers() {
  const accounts = createScenario().linkedinAccounts;
  return [
    mockOperation('post', '/api/v2/integrations/linkedin/connection', async ({ json }) => {
      const { linkedin_account_id, linkedin_cookie } = await json();
      const index = accounts.findIndex((a) => a.id === linkedin_account_id);
      const before = accounts[index];
      if (!before) return { status: 404, body: { detail: 'Not found.' } };
      const account = {
        ...before,
        session_cookie: `••••${linkedin_cookie.slice(-4)}`,
        is_valid: true,
        first_use: false,
      };
      accounts[index] = account;
      return { status: 200, body: account };
    }),
    mockOperation('get', '/api/v2/integrations/linkedin', () => ({
      status: 200,
      body: { linkedin_accounts_list: accounts },
    })),
    ...pageHandlers(),
  ];
}

/** §4/§7: an unused LinkedIn account is validated with its session cookie; it then shows as valid. */
export const ValidateLinkedinAccount: Story = {
  parameters: { msw: { handlers: validatedLinkedinHandlers() } },
  // The click scrolls the page to the button, by an amount that varies with the run: no stable picture to compare
  // (the play function still checks the toast and the new state).
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const linkedin = await linkedinTable(canvasElement);
    const button = (
      await linkedin.findAllByRole('button', { name: /^Validate / })
    )[0] as HTMLElement;
    await userEvent.click(button);
    const dialog = within(
      await page().findByRole('dialog', { name: /^Validate the LinkedIn account / }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Validate' }));
    await expect(await dialog.findByText('Required')).toBeVisible();
    await userEvent.type(
      dialog.getByLabelText(/^Session cookie/, { selector: 'input' }),
      'AQEDAR-session-cookie-1234',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Validate' }));
    await expect(await page().findByText(/^The LinkedIn account .* is validated\.$/)).toBeVisible();
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(canvasElement)
          .getAllByTestId('linkedin-account-state')
          .map((s) => s.dataset.state),
      ).toEqual(['valid', 'valid', 'error']),
    );
  },
};

/** An account in error (LinkedIn refused its session) has a Validate button too, as its row asks: a new cookie fixes it. */
export const ValidateLinkedinAccountInError: Story = {
  // The click scrolls the page to the button, by an amount that varies with the run (as ValidateLinkedinAccount).
  tags: ['no-visual'],
  parameters: { msw: { handlers: validatedLinkedinHandlers() } },
  play: async ({ canvasElement }) => {
    const linkedin = await linkedinTable(canvasElement);
    const states = () =>
      within(canvasElement)
        .getAllByTestId('linkedin-account-state')
        .map((s) => s.dataset.state);
    await waitFor(() => expect(states()).toEqual(['valid', 'pending', 'error']));
    const rows = linkedin.getAllByRole('row').slice(1);
    const errorRow = within(rows[2] as HTMLElement);
    await expect(
      errorRow.getByText('LinkedIn no longer accepts this session: validate the account again.'),
    ).toBeVisible();
    await userEvent.click(errorRow.getByRole('button', { name: /^Validate / }));
    const dialog = within(
      await page().findByRole('dialog', { name: /^Validate the LinkedIn account / }),
    );
    await userEvent.type(
      dialog.getByLabelText(/^Session cookie/, { selector: 'input' }),
      'AQEDAR-fresh-session-cookie-5678',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(states()).toEqual(['valid', 'pending', 'valid']));
  },
};

/** A refused LinkedIn validation is logged and told; the dialog stays with what was pasted. */
export const ValidateLinkedinAccountFails: Story = {
  // Same scroll to the clicked button as ValidateLinkedinAccount: no stable picture (the play function checks the toast).
  tags: ['no-visual'],
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v2/integrations/linkedin/connection', {
          status: 404,
          body: { detail: 'Not found.' },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const linkedin = await linkedinTable(canvasElement);
    await userEvent.click(
      (await linkedin.findAllByRole('button', { name: /^Validate / }))[0] as HTMLElement,
    );
    const dialog = within(
      await page().findByRole('dialog', { name: /^Validate the LinkedIn account / }),
    );
    const input = dialog.getByLabelText(/^Session cookie/, { selector: 'input' });
    await userEvent.type(input, 'AQEDAR-session-cookie-1234');
    await userEvent.click(dialog.getByRole('button', { name: 'Validate' }));
    await expectTopCentreToast('The LinkedIn account could not be validated. Please try again.');
    await expect(input).toHaveValue('AQEDAR-session-cookie-1234');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { makeCaughtMail, caughtMailSummaryOf } from '@prospecta/api-client/fixtures';
import { mockOperation } from '@prospecta/api-client/msw';
import { routesFor } from '../../testing/appRoutes';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import {
  at1440,
  atWidth,
  pageHandlers,
  TUTORIAL_SEEN,
  WIDTH_VIEWPORTS,
} from '../../testing/stories';
import { customerUser, staffUser } from '../../testing/users';
import { CaughtMailsPage } from './CaughtMailsPage';

/** The whole app (sidebar, top bar) at the caught mails, as staff of a server running the local mail catcher. */
const at = (entry: string, overrides: Partial<AppStoryParameters> = {}): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [entry] },
  user: staffUser,
  preferences: TUTORIAL_SEEN,
  serverFeatures: { caughtMails: true },
  ...overrides,
});

const LONG_SUBJECT =
  'Bob, une idée pour doubler vos rendez-vous qualifiés avant la fin du trimestre sans recruter un seul commercial de plus, et sans changer vos outils';
const longMail = makeCaughtMail(4, {
  subject: LONG_SUBJECT,
  from: 'Camille Durand-Villeneuve de la Tour <camille.durand-villeneuve@very-long-company-name.example>',
});

const meta = {
  title: 'Screens/Caught mails/Page',
  component: CaughtMailsPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    viewport: WIDTH_VIEWPORTS,
    app: at('/staff/caught-mails'),
    msw: { handlers: pageHandlers() },
  },
  globals: atWidth(1280),
} satisfies Meta<typeof CaughtMailsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const emptyList = mockOperation('get', '/api/dev/caught-mails', {
  status: 200,
  body: { items: [] },
});
/** The server cannot be reached. */
const failingList = http.get('*/api/dev/caught-mails', () => HttpResponse.error());
const withLongMail = [
  mockOperation('get', '/api/dev/caught-mails', {
    status: 200,
    body: {
      items: [longMail, makeCaughtMail(3), makeCaughtMail(2)].map(caughtMailSummaryOf),
    },
  }),
  mockOperation('get', '/api/dev/caught-mails/{id}', { status: 200, body: longMail }),
  ...pageHandlers(),
];

/** Newest first: subject, date, sender and recipient of each; the sidebar's staff tools link here. */
export const SomeMails: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await canvas.findAllByTestId('caught-mail-row');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('David, une idée pour vos rendez-vous');
    await expect(rows[0]).toHaveTextContent('Camille Durand <camille@acme.example>');
    await expect(rows[0]).toHaveTextContent('To: David Nguyen <david.nguyen@prospect.example>');
    await expect(rows[1]).toHaveTextContent('Re: Chloé, une idée pour vos rendez-vous');
    await expect(canvas.getByTestId('caught-mails-count')).toHaveTextContent('3 mails');
    await expect(canvas.getByText('Choose a mail to read it.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Caught mails' })).toHaveAttribute(
      'href',
      '/staff/caught-mails',
    );
  },
};

export const SomeMailsFrench: Story = {
  globals: { locale: 'fr', ...atWidth(1280) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'E-mails interceptés' })).toBeVisible();
    const rows = await canvas.findAllByTestId('caught-mail-row');
    // French typography: a no-break space before the colon.
    await expect(rows[0]!.textContent).toContain('À\u00a0: David Nguyen');
    await expect(canvas.getByTestId('caught-mails-count')).toHaveTextContent('3 e-mails');
  },
};

export const SomeMailsSmall: Story = {
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByTestId('caught-mail-row')).toHaveLength(3);
    // One column: the empty reading pane is left out until a mail is open.
    await expect(canvas.queryByText('Choose a mail to read it.')).not.toBeVisible();
  },
};

/** One mail open: the headers that matter, the HTML part in a frame without scripts, the text part. */
export const OneOpen: Story = {
  parameters: { app: at('/staff/caught-mails/3') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const mail = within(await canvas.findByTestId('caught-mail'));
    await expect(
      mail.getByRole('heading', { level: 2, name: 'David, une idée pour vos rendez-vous' }),
    ).toBeVisible();
    const headers = within(mail.getByTestId('caught-mail-headers'));
    await expect(headers.getByText('<send-3@prospecta.local>')).toBeVisible();
    await expect(
      headers.getByRole('link', { name: 'http://localhost:3000/m/u/unsubscribe-3' }),
    ).toHaveAttribute('href', 'http://localhost:3000/m/u/unsubscribe-3');
    await expect(headers.getByText('List-Unsubscribe=One-Click')).toBeVisible();
    // No In-Reply-To on a first step: said, not left blank.
    await expect(headers.getAllByText('absent')).toHaveLength(2);
    const frame = mail.getByTitle('The HTML part of the mail, without its scripts');
    await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    await expect(frame.getAttribute('srcdoc')).toContain("default-src 'none'");
    await expect(frame.getAttribute('srcdoc')).toContain(
      '<a href="http://localhost:3000/m/c/click-3">notre étude de cas</a>',
    );
    await expect(mail.getByTestId('caught-mail-text')).toHaveTextContent(
      'Voici notre étude de cas : http://localhost:3000/m/c/click-3',
    );
    const current = canvas
      .getAllByTestId('caught-mail-row')
      .find((row) => row.getAttribute('aria-current') === 'page');
    await expect(current).toHaveTextContent('David, une idée pour vos rendez-vous');
  },
};

export const OneOpenFrench: Story = {
  parameters: { app: at('/staff/caught-mails/2') },
  globals: { locale: 'fr', ...atWidth(1280) },
  play: async ({ canvasElement }) => {
    const mail = within(await within(canvasElement).findByTestId('caught-mail'));
    await expect(mail.getByRole('heading', { name: 'En-têtes' })).toBeVisible();
    // A follow-up step answers the first: In-Reply-To and References name it.
    await expect(mail.getAllByText('<send-1@prospecta.local>')).toHaveLength(2);
    await expect(mail.getByText('Partie HTML')).toBeVisible();
  },
};

/** On a phone the open mail takes the screen, with the way back to the list. */
export const OneOpenSmall: Story = {
  parameters: { app: at('/staff/caught-mails/3') },
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('caught-mail');
    // The list is left out while a mail is open.
    await expect(
      canvasElement.querySelector('nav[aria-label="Caught mails, newest first"]'),
    ).not.toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the list' })).toBeVisible();
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** The way back from the open mail on a phone leads to the list. */
export const BackToTheListSmall: Story = {
  // Ends on the list of SomeMailsSmall's picture.
  tags: ['no-visual'],
  parameters: { app: at('/staff/caught-mails/3') },
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('caught-mail');
    await userEvent.click(canvas.getByRole('link', { name: 'Back to the list' }));
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(/^\/staff\/caught-mails$/),
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [emptyList, ...pageHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No mail caught yet' })).toBeVisible();
    await expect(canvas.getByTestId('caught-mails-count')).toHaveTextContent('0 mails');
  },
};

export const EmptyFrenchSmall: Story = {
  parameters: { msw: { handlers: [emptyList, ...pageHandlers()] } },
  globals: { locale: 'fr', ...atWidth(390) },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', {
        name: 'Aucun e-mail intercepté pour l’instant',
      }),
    ).toBeVisible();
  },
};

/** A long subject and sender are cut in the list and wrap in full in the open mail. */
export const LongSubject: Story = {
  parameters: { app: at('/staff/caught-mails/4'), msw: { handlers: withLongMail } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const mail = within(await canvas.findByTestId('caught-mail'));
    await expect(mail.getByRole('heading', { level: 2, name: LONG_SUBJECT })).toBeVisible();
    const [row] = canvas.getAllByTestId('caught-mail-row');
    await expect(row!.scrollWidth).toBeLessThanOrEqual(row!.clientWidth + 1);
  },
};

export const LongSubjectSmall: Story = {
  parameters: { msw: { handlers: withLongMail } },
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [row] = await canvas.findAllByTestId('caught-mail-row');
    await expect(row).toHaveTextContent(LONG_SUBJECT);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [failingList, ...pageHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByTestId('caught-mails-error');
    await expect(alert).toHaveTextContent('The caught mails could not be loaded.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const LoadErrorFrenchSmall: Story = {
  parameters: { msw: { handlers: [failingList, ...pageHandlers()] } },
  globals: { locale: 'fr', ...atWidth(390) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('caught-mails-error')).toHaveTextContent(
      'Les e-mails interceptés n’ont pas pu être chargés.',
    );
  },
};

/** A server without the catcher has no such page, and no link to it. */
export const CatcherOff: Story = {
  tags: ['no-visual'],
  parameters: { app: at('/staff/caught-mails', { serverFeatures: { caughtMails: false } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent(/^\/404$/));
    await expect(canvas.queryByRole('link', { name: 'Caught mails' })).toBeNull();
  },
};

/** A customer never reaches it. */
export const Customer: Story = {
  tags: ['no-visual'],
  parameters: { app: at('/staff/caught-mails', { user: customerUser }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent(/^\/404$/));
  },
};

// ── on a 1440 px laptop ──

export const SomeMailsAt1440: Story = at1440(SomeMails);
export const SomeMailsFrenchAt1440: Story = at1440(SomeMailsFrench);
export const OneOpenAt1440: Story = at1440(OneOpen);
export const OneOpenFrenchAt1440: Story = at1440(OneOpenFrench);
export const LongSubjectAt1440: Story = at1440(LongSubject);

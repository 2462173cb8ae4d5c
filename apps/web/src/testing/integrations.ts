/** Helpers of the Integrations tab's stories (features/integrations: one stories file per part of the tab). */
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { toast } from '@prospecta/ui';
import { routesFor } from './appRoutes';
import { withApp, type AppStoryParameters } from './decorators';
import { pageHandlers, TUTORIAL_SEEN } from './stories';
import { customerUser } from './users';
import type { IntegrationsTab } from '../features/integrations/IntegrationsTab';

export const PATH = `/users/${customerUser.id}/user/integrations`;

export const at = (path: string, user = customerUser): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [path] },
  user,
  preferences: TUTORIAL_SEEN,
});

/** What every Integrations story shares: the app around the tab, a clean toast store, the scenario's handlers. */
export const integrationsMeta = {
  decorators: [withApp],
  // Toasts live in a module-wide store: clear the previous story's, so that each story sees only its own.
  beforeEach: async () => {
    toast.dismiss();
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0));
  },
  parameters: {
    layout: 'fullscreen',
    app: at(PATH),
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof IntegrationsTab>;

export const page = () => within(document.body);

export const emailTable = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('table', { name: 'E-mail accounts' }));

export const linkedinTable = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('table', { name: 'LinkedIn accounts' }));

/** Opens the modal and returns it. */
export async function openModal(canvasElement: HTMLElement) {
  await userEvent.click(
    await within(canvasElement).findByRole('button', { name: 'Add an email account' }),
  );
  return within(await page().findByRole('dialog', { name: 'Add an email account' }));
}

/** Opens the modal, picks a provider and returns the form. */
export async function openForm(canvasElement: HTMLElement, provider: string, formName: string) {
  const modal = await openModal(canvasElement);
  await userEvent.click(modal.getByRole('button', { name: provider }));
  return within(await modal.findByRole('form', { name: formName }));
}

export const field = (form: ReturnType<typeof within>, label: RegExp) =>
  form.getByLabelText(label, { selector: 'input' });

/** Fills the 'Other' form with a complete, valid account and submits it. */
export async function submitOther(canvasElement: HTMLElement, password = 'a-good-password') {
  const form = await openForm(canvasElement, 'Other', 'Your mailbox at another provider');
  await userEvent.type(field(form, /^E-mail address/), 'ventes@atelier.example.com');
  await userEvent.type(field(form, /^Password/), password);
  await userEvent.type(field(form, /^SMTP server/), 'smtp.atelier.example.com');
  await userEvent.type(field(form, /^IMAP server/), 'imap.atelier.example.com');
  await userEvent.click(form.getByRole('button', { name: 'Add the account' }));
  return form;
}

/** A §8 toast, top centre. */
export async function expectTopCentreToast(text: string) {
  // The same text is repeated in the form (and may be a list's reason): take the one in a toast.
  const shown = await waitFor(() => {
    const inToast = page()
      .getAllByText(text)
      .find((element) => element.closest('[data-sonner-toast]') !== null);
    if (!inToast) throw new Error(`no toast says "${text}"`);
    return inToast;
  });
  await expect(shown).toBeVisible();
  await expect(shown.closest('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'center');
  await expect(shown.closest('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
}

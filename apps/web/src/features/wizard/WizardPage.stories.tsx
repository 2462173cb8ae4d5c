import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mockOperation } from '@prospecta/api-client/msw';
import {
  completeStep,
  initialWizardState,
  serializeWizardState,
  WIZARD_STEPS,
  type WizardState,
  type WizardStep,
} from '@prospecta/machines';
import { routesFor } from '../../testing/appRoutes';
import { BUILDER_DRAFT_ID, builderWorld } from '../../testing/builder';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { makeImport, VALIDATED_COUNTS } from '../../testing/imports';
import {
  at1440,
  atWidth,
  backToTop,
  centreInView,
  pageHandlers,
  TUTORIAL_SEEN,
  WIDTH_VIEWPORTS,
} from '../../testing/stories';
import { customerUser, staffUser } from '../../testing/users';
import { WizardLayout } from './WizardLayout';

/**
 * The staff AI area (§2) through the app's routes: the campaign builder of the customer selected in the sidebar, with
 * the wizard's state as the browser stored it and the draft named by the address.
 */
const selected = JSON.stringify({ id: customerUser.id, name: customerUser.full_name });
const at = (
  path: string,
  { state, customer = true }: { state?: WizardState; customer?: boolean } = {},
): AppStoryParameters => ({
  routes: routesFor(),
  route: { initialEntries: [path] },
  user: staffUser,
  preferences: {
    ...TUTORIAL_SEEN,
    // Story parameters merge into the meta's: 'null' clears the meta's selection.
    selectedUser: customer ? selected : 'null',
    ...(state ? { aiWizard: serializeWizardState(state) } : {}),
  },
});
const draftAt = (step: WizardStep) => `/ai-wizard/step/${step}?draft=${BUILDER_DRAFT_ID}`;

/** The wizard with every step before `step` completed, at `step`. */
const reached = (step: WizardStep): WizardState =>
  WIZARD_STEPS.slice(0, WIZARD_STEPS.indexOf(step)).reduce<WizardState>(
    (state, done) => completeStep(state, done),
    { ...initialWizardState(), current: step },
  );

const world = () => builderWorld().handlers;

const meta = {
  title: 'Screens/AI wizard/Page',
  component: WizardLayout,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    viewport: WIDTH_VIEWPORTS,
    app: at(draftAt('settings')),
    msw: { handlers: world() },
  },
  globals: atWidth(1280),
} satisfies Meta<typeof WizardLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The widths and languages each step is pictured at beside the meta's (English, 1280 px). */
const phone = atWidth(390);
const frenchPhone = { ...atWidth(390), locale: 'fr' } as const;
const frenchWide = { ...atWidth(1280), locale: 'fr' } as const;

/**
 * A step's story on a phone: the same play at 390 px, then the page placed on the step's own content (what `at`
 * finds), below the list of steps that fills a phone's first screen.
 */
const onPhone = (
  story: Story,
  at: (canvas: ReturnType<typeof within>) => Element,
  globals: Story['globals'] = phone,
): Story => ({
  ...story,
  globals,
  play: async (context) => {
    await story.play?.(context);
    centreInView(at(within(context.canvasElement)));
  },
});

const steps = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('navigation', { name: 'Steps of the wizard' }));

// ── the customer and the draft ──

/** Staff without a selected customer are asked to choose one: a campaign is built for one customer. */
export const NoCustomerSelected: Story = {
  parameters: { app: at('/ai-wizard', { customer: false }), msw: { handlers: pageHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: /Choose a customer in the sidebar first/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choose a customer' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(canvas.queryByRole('navigation', { name: 'Steps of the wizard' })).toBeNull();
  },
};

export const NoCustomerSelectedFrench: Story = {
  ...NoCustomerSelected,
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: /Choisissez d’abord un client/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choisir un client' })).toBeVisible();
  },
};

/** The drafts load: the spinner says so. */
export const LoadingDrafts: Story = {
  parameters: {
    app: at('/ai-wizard/step/settings'),
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/users/{id}/campaign-drafts', async () => {
          await delay('infinite');
          return { status: 200, body: { drafts: [] } };
        }),
        ...world(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading…' })).toBeVisible();
  },
};

/** A customer without drafts: the list says so and the form starts one. */
export const NoDraft: Story = {
  parameters: {
    app: at('/ai-wizard/step/settings'),
    msw: { handlers: builderWorld({ withDraft: false }).handlers },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'No draft yet for this customer.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Start a new campaign' })).toBeVisible();
  },
};

/** The customer's drafts, to continue or delete; continuing opens the draft at its settings. */
export const DraftsList: Story = {
  parameters: { app: at('/ai-wizard/step/settings') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Campaign drafts of Élodie Lefèvre' }),
    ).toBeVisible();
    await expect(await canvas.findByText('Spring outreach')).toBeVisible();
    await expect(canvas.getByText(/^4 steps, in English, last changed on/)).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Continue the draft Spring outreach' }),
    );
    await expect(
      await canvas.findByRole('heading', {
        level: 2,
        name: 'Campaign “Spring outreach” for Élodie Lefèvre',
      }),
    ).toBeVisible();
    await expect(canvas.getByTestId('location')).toHaveTextContent(
      `/ai-wizard/step/settings?draft=${BUILDER_DRAFT_ID}`,
    );
  },
};

export const DraftsListFrenchPhone: Story = {
  parameters: { app: at('/ai-wizard/step/settings') },
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Brouillons de campagne d’Élodie Lefèvre' }),
    ).toBeVisible();
    await expect(await canvas.findByText(/^4 étapes, en anglais, modifié le/)).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Supprimer le brouillon Spring outreach' }),
    ).toBeVisible();
  },
};

/** A new draft is created on the server and opens at its settings, with the brief and sequence it was given. */
export const CreatesADraft: Story = {
  tags: ['no-visual'], // Ends on the settings step, the picture of SettingsFilled with another name.
  parameters: {
    app: at('/ai-wizard/step/settings'),
    msw: { handlers: builderWorld({ withDraft: false }).handlers },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Start a new campaign' }));
    await userEvent.click(form.getByRole('button', { name: 'Create the draft' }));
    await expect(await form.findByText('Required')).toBeVisible();
    await userEvent.type(form.getByRole('textbox', { name: /Campaign name/ }), 'Autumn fair');
    await userEvent.click(form.getByRole('radio', { name: 'French' }));
    await userEvent.click(form.getByRole('button', { name: 'Create the draft' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Campaign “Autumn fair” for Élodie Lefèvre' }),
    ).toBeVisible();
    await expect(canvas.getByTestId('location')).toHaveTextContent(/\?draft=\d+$/);
    await expect(canvas.getByRole('radio', { name: 'French' })).toBeChecked();
  },
};

/** A refused creation keeps what was typed and says so, in a toast and beside the form. */
export const CreateFailed: Story = {
  parameters: {
    app: at('/ai-wizard/step/settings'),
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/users/{id}/campaign-drafts', {
          status: 400,
          body: { detail: 'Something the server says in its own words.' },
        }),
        ...builderWorld({ withDraft: false }).handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Start a new campaign' }));
    await userEvent.type(form.getByRole('textbox', { name: /Campaign name/ }), 'Autumn fair');
    await userEvent.click(form.getByRole('button', { name: 'Create the draft' }));
    await expect(await form.findByRole('alert')).toHaveTextContent(
      'The draft could not be created. What you typed is kept: try again.',
    );
    await expect(form.getByRole('textbox', { name: /Campaign name/ })).toHaveValue('Autumn fair');
    await expect(canvas.queryByText(/in its own words/)).toBeNull();
  },
};

/** Deleting a draft asks first; once confirmed, it leaves the list. */
export const DeletesADraft: Story = {
  // A world of its own: the deletion must not reach the other stories' draft.
  parameters: { app: at('/ai-wizard/step/settings'), msw: { handlers: world() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Delete the draft Spring outreach' }),
    );
    const dialog = within(
      await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
        name: 'Delete the draft “Spring outreach”?',
      }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Delete the draft' }));
    await expect(
      await canvas.findByRole('heading', { name: 'No draft yet for this customer.' }),
    ).toBeVisible();
  },
};

/** The draft of the address loads: the spinner says so. */
export const LoadingDraft: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/campaigns/{id}/definition', async () => {
          await delay('infinite');
          return { status: 404, body: { detail: 'Not found.' } };
        }),
        ...world(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading…' })).toBeVisible();
  },
};

// ── the step flags (§2) ──

/** A draft opened afresh: the settings step is open, every later step is locked; saving it opens the next one. */
export const AtTheStart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    await expect(
      steps(canvas).getByRole('button', { name: 'Summary', description: /not accessible yet/ }),
    ).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Save and continue' }));
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Campaign brief' }),
    ).toBeVisible();
    await expect(
      steps(canvas).getByRole('button', {
        name: 'Settings',
        description: 'This step is completed.',
      }),
    ).toBeEnabled();
    await expect(steps(canvas).getByRole('button', { name: 'Campaign brief' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(canvas.getByTestId('location')).toHaveTextContent(
      `/ai-wizard/step/campaign-brief?draft=${BUILDER_DRAFT_ID}`,
    );
    backToTop();
  },
};

/** An address of a locked step goes back to the step the wizard is at (kept in browser storage). */
export const LockedStepAddress: Story = {
  parameters: { app: at(draftAt('summary'), { state: reached('messaging-strategy') }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Messaging strategy' }),
    ).toBeVisible();
    await expect(canvas.getByTestId('location')).toHaveTextContent(
      `/ai-wizard/step/messaging-strategy?draft=${BUILDER_DRAFT_ID}`,
    );
  },
};

// ── step 1: settings ──

/** The settings as the draft has them: an account that cannot send cannot be chosen, and says why. */
export const SettingsFilled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Settings' }));
    await expect(form.getByRole('textbox', { name: /Campaign name/ })).toHaveValue(
      'Spring outreach',
    );
    await expect(form.getByRole('radio', { name: 'English' })).toBeChecked();
    const boxes = form.getAllByRole('checkbox', { name: /@/ });
    const invalid = boxes.filter((box) => box.hasAttribute('disabled'));
    await expect(invalid.length).toBeGreaterThan(0);
    for (const box of invalid) await expect(box).not.toBeChecked();
    await expect(form.getAllByText(/^Cannot send:/).length).toBe(invalid.length);
    await expect(form.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    await expect(
      form.getByRole('checkbox', { name: 'Stop the sequence for a prospect who replies' }),
    ).toBeChecked();
    await expect(form.getByRole('textbox', { name: /Daily cap per mailbox/ })).toHaveValue('50');
  },
};

/** Wrong values are refused beside their fields before anything is sent. */
export const SettingsInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Settings' }));
    await userEvent.clear(form.getByRole('textbox', { name: /Campaign name/ }));
    await userEvent.clear(form.getByRole('textbox', { name: /Time zone/ }));
    await userEvent.type(form.getByRole('textbox', { name: /Time zone/ }), 'Mars/Olympus');
    await userEvent.clear(form.getByRole('textbox', { name: /Daily cap per mailbox/ }));
    await userEvent.type(form.getByRole('textbox', { name: /Daily cap per mailbox/ }), '0');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await userEvent.click(form.getByRole('checkbox', { name: day }));
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    await expect(await form.findByText('Required')).toBeVisible();
    await expect(form.getByText('Enter a known time zone, such as Europe/Paris.')).toBeVisible();
    await expect(form.getByText('Enter a whole number from 1 to 2000.')).toBeVisible();
    await expect(form.getByText('Choose at least one sending day.')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    backToTop();
  },
};

/** A refused save keeps what was typed; the server's code is said in the user's words, never its text. */
export const SettingsSaveFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('put', '/api/v1/campaigns/{id}/definition', {
          status: 409,
          body: { detail: 'mailbox_not_available', code: 'mailbox_not_available' },
        }),
        ...world(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Settings' }));
    const name = form.getByRole('textbox', { name: /Campaign name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Summer outreach');
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    await expect(
      await form.findByText('A chosen sender mailbox can no longer send: choose another one.'),
    ).toHaveAttribute('role', 'alert');
    await expect(name).toHaveValue('Summer outreach');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    backToTop();
  },
};

/**
 * The spacing between two sends and the tracking switches: the draft's defaults read in minutes, and a spacing upside
 * down or past an hour is refused beside its field before anything is sent.
 */
export const SettingsSpacingInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Settings' }));
    await expect(form.getByRole('checkbox', { name: 'Track opens' })).toBeChecked();
    await expect(
      form.getByRole('checkbox', { name: 'Track clicks on the landing-page links' }),
    ).toBeChecked();
    await expect(form.getByText(/^An open is only an indication: /)).toBeVisible();
    await expect(form.getByRole('radio', { name: 'In minutes' })).toBeChecked();
    await expect(form.getByRole('textbox', { name: /Shortest wait, in minutes/ })).toHaveValue('1');
    await expect(form.getByRole('textbox', { name: /Longest wait, in minutes/ })).toHaveValue('3');
    await userEvent.click(form.getByRole('radio', { name: 'In seconds' }));
    const min = form.getByRole('textbox', { name: /Shortest wait, in seconds/ });
    const max = form.getByRole('textbox', { name: /Longest wait, in seconds/ });
    await userEvent.clear(min);
    await userEvent.type(min, '90');
    await userEvent.clear(max);
    await userEvent.type(max, '30');
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    await expect(
      await form.findByText('The longest wait cannot be shorter than the shortest one.'),
    ).toBeVisible();
    await userEvent.clear(min);
    await userEvent.type(min, '4000');
    await expect(
      await form.findByText('Enter a whole number of seconds from 0 to 3600.'),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    centreInView(form.getByRole('group', { name: 'Spacing between two sends' }));
  },
};

/** Tracking switched off and a spacing in seconds are saved with the draft, and read back as saved. */
export const SettingsSpacingAndTrackingSaved: Story = {
  parameters: { msw: { handlers: world() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    let form = within(await canvas.findByRole('form', { name: 'Settings' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'Track opens' }));
    await userEvent.click(form.getByRole('radio', { name: 'In seconds' }));
    const min = form.getByRole('textbox', { name: /Shortest wait, in seconds/ });
    const max = form.getByRole('textbox', { name: /Longest wait, in seconds/ });
    await userEvent.clear(min);
    await userEvent.type(min, '90');
    await userEvent.clear(max);
    await userEvent.type(max, '300');
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Campaign brief' }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Settings', description: 'This step is completed.' }),
    );
    form = within(await canvas.findByRole('form', { name: 'Settings' }));
    await expect(form.getByRole('checkbox', { name: 'Track opens' })).not.toBeChecked();
    await expect(
      form.getByRole('checkbox', { name: 'Track clicks on the landing-page links' }),
    ).toBeChecked();
    await expect(form.getByRole('radio', { name: 'In seconds' })).toBeChecked();
    await expect(form.getByRole('textbox', { name: /Shortest wait, in seconds/ })).toHaveValue(
      '90',
    );
    await expect(form.getByRole('textbox', { name: /Longest wait, in seconds/ })).toHaveValue(
      '300',
    );
    centreInView(form.getByRole('group', { name: 'Spacing between two sends' }));
  },
};

export const SettingsFrenchPhone: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Paramètres' }));
    await expect(form.getByRole('checkbox', { name: 'lundi' })).toBeChecked();
    await expect(form.getAllByText(/^Envoi impossible/).length).toBeGreaterThan(0);
    await expect(form.getByRole('checkbox', { name: 'Suivre les ouvertures' })).toBeChecked();
    await expect(form.getByText(/^Une ouverture n’est qu’une indication\s: /)).toBeVisible();
    await expect(
      form.getByRole('textbox', { name: /Attente la plus longue, en minutes/ }),
    ).toHaveValue('3');
    await expect(form.getByRole('button', { name: 'Enregistrer et continuer' })).toBeVisible();
  },
};

export const SettingsPhone: Story = onPhone(SettingsFilled, (canvas) =>
  canvas.getByRole('group', { name: 'Sender mailboxes' }),
);

export const SettingsFrenchWide: Story = { ...SettingsFrenchPhone, globals: frenchWide };

// ── step 2: brief ──

/** The brief, pre-filled from the customer's onboarding answers when the draft was made; saving goes on. */
export const BriefFilled: Story = {
  parameters: { app: at(draftAt('campaign-brief'), { state: reached('campaign-brief') }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Campaign brief' }));
    await expect(
      form.getByRole('textbox', { name: 'Name of the product or service' }),
    ).not.toHaveValue('');
    await expect(form.getByRole('textbox', { name: /Main features/ })).not.toHaveValue('');
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Messaging strategy' }),
    ).toBeVisible();
    backToTop();
  },
};

/** A brief that cannot be saved (the server cannot be reached) stays as typed. */
export const BriefSaveFailedFrenchPhone: Story = {
  parameters: {
    app: at(draftAt('campaign-brief'), { state: reached('campaign-brief') }),
    msw: {
      handlers: [
        mockOperation('put', '/api/v1/campaigns/{id}/definition', {
          status: 400,
          body: { detail: 'Something the server says in its own words.' },
        }),
        ...world(),
      ],
    },
  },
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Brief de campagne' }));
    const pricing = form.getByRole('textbox', { name: 'Tarification' });
    await userEvent.clear(pricing);
    await userEvent.type(pricing, 'Sur devis');
    await userEvent.click(form.getByRole('button', { name: 'Enregistrer et continuer' }));
    await expect(await form.findByRole('alert')).toHaveTextContent(
      /^L’étape n’a pas pu être enregistrée\. Votre saisie est conservée\s: réessayez\.$/,
    );
    await expect(pricing).toHaveValue('Sur devis');
    backToTop();
  },
};

/** The brief as pre-filled, before any change: the intro says where it comes from. */
export const BriefPrefilled: Story = {
  parameters: { app: at(draftAt('campaign-brief'), { state: reached('campaign-brief') }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Campaign brief' }));
    await expect(
      form.getByText(/^Pre-filled from the customer’s onboarding questionnaire\./),
    ).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name of the product or service' })).toHaveValue(
      'Livraison de petits-déjeuners en entreprise',
    );
    await expect(form.getByRole('textbox', { name: 'Pricing' })).toHaveValue(
      'Abonnement mensuel par collaborateur',
    );
    await expect(form.getByRole('button', { name: 'Save and continue' })).toBeEnabled();
  },
};

export const BriefPrefilledPhone: Story = onPhone(BriefPrefilled, (canvas) =>
  canvas.getByRole('textbox', { name: 'Name of the product or service' }),
);

export const BriefPrefilledFrenchWide: Story = {
  ...BriefPrefilled,
  globals: frenchWide,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Brief de campagne' }));
    await expect(
      form.getByText(/^Prérempli depuis le questionnaire d’onboarding du client\./),
    ).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Nom du produit ou du service' })).toHaveValue(
      'Livraison de petits-déjeuners en entreprise',
    );
    await expect(form.getByRole('button', { name: 'Enregistrer et continuer' })).toBeEnabled();
  },
};

// ── steps 3 and 4 ──

/** The sequence the templates wrote from the brief, in the sequence editor; saving it opens the landing pages. */
export const SequenceEditing: Story = {
  parameters: { app: at(draftAt('messaging-strategy'), { state: reached('messaging-strategy') }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('sequence-editor-step')).toHaveLength(4));
    await expect(canvas.getByRole('group', { name: 'Add a step' })).toBeVisible();
    backToTop();
  },
};

/** The edited sequence is saved with the campaign, then the landing pages' editor opens. */
export const SequenceSaved: Story = {
  tags: ['no-visual'], // Ends on the landing pages, the picture of LandingPagesEmpty.
  parameters: {
    app: at(draftAt('messaging-strategy'), { state: reached('messaging-strategy') }),
    msw: { handlers: world() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('sequence-editor-step')).toHaveLength(4));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a LinkedIn message' }));
    await waitFor(() => expect(canvas.getAllByTestId('sequence-editor-step')).toHaveLength(5));
    await userEvent.click(canvas.getByRole('button', { name: 'Save and continue' }));
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Landing pages' }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Messaging strategy',
        description: 'This step is completed.',
      }),
    );
    await waitFor(() => expect(canvas.getAllByTestId('sequence-editor-step')).toHaveLength(5));
  },
};

/** A sequence the server refuses stays as edited, and the refusal is said in the user's words. */
export const SequenceSaveFailed: Story = {
  parameters: {
    app: at(draftAt('messaging-strategy'), { state: reached('messaging-strategy') }),
    msw: {
      handlers: [
        mockOperation('put', '/api/v1/campaigns/{id}/definition', {
          status: 409,
          body: { detail: 'step_has_sends', code: 'step_has_sends' },
        }),
        ...world(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('sequence-editor-step')).toHaveLength(4));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a LinkedIn message' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save and continue' }));
    const alerts = await canvas.findAllByText(
      'A step that has already sent messages cannot be removed.',
    );
    await expect(alerts.length).toBeGreaterThan(0);
    await expect(canvas.getAllByTestId('sequence-editor-step')).toHaveLength(5);
    // The refusal's toast is in the picture: the pointer rests on it, as a reader's would, so that it stays (sonner
    // pauses its 5 s while hovered), however long the picture takes on a loaded machine.
    const toast = await waitFor(() => {
      const shown = canvasElement.ownerDocument.querySelector<HTMLElement>('[data-sonner-toast]');
      expect(shown).toHaveTextContent('A step that has already sent messages cannot be removed.');
      return shown!;
    });
    await userEvent.hover(toast);
    backToTop();
  },
};

export const SequenceEditingPhone: Story = onPhone(
  SequenceEditing,
  (canvas) => canvas.getAllByTestId('sequence-editor-step')[0]!,
);

export const SequenceEditingFrenchWide: Story = {
  ...SequenceEditing,
  globals: frenchWide,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('sequence-editor-step')).toHaveLength(4));
    await expect(
      canvas.getByRole('heading', { level: 3, name: /^Étape 1\s?: E-mail$/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Ajouter une étape' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Enregistrer et continuer' })).toBeEnabled();
    backToTop();
  },
};

export const SequenceEditingFrenchPhone: Story = onPhone(
  SequenceEditingFrenchWide,
  (canvas) => canvas.getAllByTestId('sequence-editor-step')[0]!,
  frenchPhone,
);

/** No landing page yet: the editor offers to add one. */
export const LandingPagesEmpty: Story = {
  parameters: { app: at(draftAt('landing-pages'), { state: reached('landing-pages') }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No landing page yet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add a landing page' })).toBeVisible();
  },
};

export const LandingPagesEmptyPhone: Story = onPhone(LandingPagesEmpty, (canvas) =>
  canvas.getByRole('heading', { name: 'No landing page yet' }),
);

export const LandingPagesEmptyFrenchWide: Story = {
  ...LandingPagesEmpty,
  globals: frenchWide,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Aucune page d’atterrissage pour l’instant' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Ajouter une page d’atterrissage' }),
    ).toBeVisible();
  },
};

export const LandingPagesEmptyFrenchPhone: Story = onPhone(
  LandingPagesEmptyFrenchWide,
  (canvas) => canvas.getByRole('heading', { name: 'Aucune page d’atterrissage pour l’instant' }),
  frenchPhone,
);

/** A page added on a phone: its fields, its UTM parameters and its final address stay within the screen. */
export const LandingPageAddedFrenchPhone: Story = {
  parameters: {
    app: at(draftAt('landing-pages'), { state: reached('landing-pages') }),
    // Its own world: the page added here is not saved into the other stories' draft.
    msw: { handlers: world() },
  },
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Ajouter une page d’atterrissage' }),
    );
    const page = within(await canvas.findByTestId('landing-page'));
    await userEvent.type(page.getByRole('textbox', { name: /^Nom/ }), 'Démonstration en ligne');
    await userEvent.type(
      page.getByRole('textbox', { name: /^Adresse \(http ou https\)/ }),
      'https://petits-dejeuners.example.com/demonstration',
    );
    await expect(page.getByRole('textbox', { name: /^Clé utilisée par les liens/ })).toHaveValue(
      'demonstration-en-ligne',
    );
    await expect(page.getByTestId('final-url')).toHaveTextContent(
      /^https:\/\/petits-dejeuners\.example\.com\/demonstration(\?|$)/,
    );
    centreInView(page.getByRole('group', { name: 'Paramètres UTM (facultatifs)' }));
  },
};

// ── step 5: summary ──

/** The summary of a draft without prospects: every blocking problem links to the step that fixes it. */
export const SummaryWithProblems: Story = {
  parameters: { app: at(draftAt('summary'), { state: reached('summary') }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No prospect in the campaign yet.')).toBeVisible();
    await expect(
      canvas.getByText('The campaign has no prospect yet: import its audience.'),
    ).toBeVisible();
    await expect(
      canvas.getByText(/ at \d{1,2}:\d\d\s[AP]M \(Europe\/Zurich time\)\.$/),
    ).toBeVisible();
    await expect(
      canvas.getByText('Not known yet: it needs prospects, a sender and a sending slot.'),
    ).toBeVisible();
    const launch = canvas.getByRole('button', { name: 'Launch the campaign' });
    await expect(launch).toBeDisabled();
    await expect(launch).toHaveAccessibleDescription(
      'The campaign cannot be launched while a blocking problem remains.',
    );
  },
};

const readyReview = {
  campaign_id: BUILDER_DRAFT_ID,
  audience: 120,
  mailboxes: [
    { id: 1, email: 'elodie@boulangerie-lefevre.fr', daily_cap: 50 },
    { id: 3, email: 'contact@boulangerie-lefevre.fr', daily_cap: 50 },
  ],
  daily_capacity: 100,
  time_zone: 'Europe/Zurich',
  first_send_at: '2026-12-01T08:00:00.000Z',
  first_send_local: '2026-12-01T09:00',
  sequence_days: 16,
  problems: [
    {
      code: 'spam_words' as const,
      severity: 'warning' as const,
      section: 'messaging-strategy' as const,
      step: 2,
      words: ['free', 'guarantee'],
    },
  ],
  can_launch: true,
};
const ready = [
  mockOperation('get', '/api/v1/campaigns/{id}/review', { status: 200, body: readyReview }),
];

/** A campaign ready to launch: audience, senders and caps, first send in the campaign's zone, length, warnings. */
export const SummaryReady: Story = {
  parameters: {
    app: at(draftAt('summary'), { state: reached('summary') }),
    msw: { handlers: [...ready, ...world()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('120 prospects in the campaign.')).toBeVisible();
    await expect(
      canvas.getByText('elodie@boulangerie-lefevre.fr: at most 50 e-mails a day'),
    ).toBeVisible();
    await expect(
      canvas.getByText(/^Tuesday, December 1, 2026 at 9:00\sAM \(Europe\/Zurich time\)\.$/),
    ).toBeVisible();
    await expect(canvas.getByText(/^16 days from the first send/)).toBeVisible();
    await expect(
      canvas.getByText('Each mailbox waits from 1 to 3 minutes, at random, between two sends.'),
    ).toBeVisible();
    await expect(
      canvas.getByText('Opens and clicks are tracked; an open is an indication only.'),
    ).toBeVisible();
    // The spacing leaves room for more than the cap: the caps alone make the estimate.
    await expect(canvas.queryByText(/^At this spacing/)).toBeNull();
    await expect(
      canvas.getByText('No blocking problem: the campaign can be launched.'),
    ).toBeVisible();
    await expect(
      canvas.getByText('Step 2: spam filters flag these words: free and guarantee.'),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Fix it at the step Messaging strategy' }),
    ).toHaveAttribute('href', `/ai-wizard/step/messaging-strategy?draft=${BUILDER_DRAFT_ID}`);
    await expect(canvas.getByRole('button', { name: 'Launch the campaign' })).toBeEnabled();
  },
};

/**
 * A spacing that leaves room for fewer mails than the cap in the sending hours: the summary says the estimate counts
 * with it, and says what is tracked.
 */
// 09:00–17:00 at a mean of 40 minutes: 12 intervals, 13 mails a sender a day; two senders, 26.
const spacedReview = { ...readyReview, daily_capacity: 26, sequence_days: 31 };
const spacedWorld = () =>
  builderWorld({
    settings: { spacing_min_seconds: 1800, spacing_max_seconds: 3000, track_opens: false },
  }).handlers;
export const SummarySpacingLimitsTheEstimate: Story = {
  parameters: {
    app: at(draftAt('summary'), { state: reached('summary') }),
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/campaigns/{id}/review', {
          status: 200,
          body: spacedReview,
        }),
        ...spacedWorld(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'At this spacing, each mailbox can send at most 13 e-mails in the sending hours of a day, fewer than its daily cap: the estimate counts with that.',
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText('Each mailbox waits from 30 to 50 minutes, at random, between two sends.'),
    ).toBeVisible();
    await expect(
      canvas.getByText('Only clicks on the landing-page links are tracked.'),
    ).toBeVisible();
    await expect(canvas.getByText(/^31 days from the first send/)).toBeVisible();
    centreInView(canvas.getByRole('heading', { name: 'Sending and tracking' }));
  },
};

export const SummarySpacingLimitsTheEstimateFrenchPhone: Story = {
  ...SummarySpacingLimitsTheEstimate,
  globals: frenchPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/^À cet espacement, chaque boîte peut envoyer au plus 13 e-mails /),
    ).toBeVisible();
    await expect(
      canvas.getByText('Chaque boîte attend de 30 à 50 minutes, au hasard, entre deux envois.'),
    ).toBeVisible();
    await expect(
      canvas.getByText('Seuls les clics sur les liens des pages d’atterrissage sont suivis.'),
    ).toBeVisible();
    centreInView(canvas.getByRole('heading', { name: 'Envoi et suivi' }));
  },
};

export const SummaryReadyFrenchPhone: Story = {
  ...SummaryReady,
  globals: { ...atWidth(390), locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('120 prospects dans la campagne.')).toBeVisible();
    await expect(
      canvas.getByText(/^mardi 1 décembre 2026 à 0?9:00 \(heure Europe\/Zurich\)\.$/),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Lancer la campagne' })).toBeEnabled();
  },
};

export const SummaryWithProblemsPhone: Story = onPhone(SummaryWithProblems, (canvas) =>
  canvas.getByRole('heading', { name: 'Blocking problems' }),
);

export const SummaryWithProblemsFrenchWide: Story = {
  ...SummaryWithProblems,
  globals: frenchWide,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Aucun prospect dans la campagne pour l’instant.'),
    ).toBeVisible();
    await expect(
      canvas.getByText(/^La campagne n’a pas encore de prospect\s: importez son audience\.$/),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Lancer la campagne' })).toBeDisabled();
  },
};

export const SummaryReadyPhone: Story = onPhone(SummaryReady, (canvas) =>
  canvas.getByRole('heading', { name: 'Sender mailboxes' }),
);

export const SummaryReadyFrenchWide: Story = { ...SummaryReadyFrenchPhone, globals: frenchWide };

/**
 * The audience's import, in the summary: the campaign's import is storing its prospects; once the server says it is
 * done, the summary reads the campaign again and its audience and launch follow, without a reload, while the panel
 * keeps the import's outcome open.
 */
const audienceImport = { reads: 0 };
const importing = makeImport({
  campaign_id: BUILDER_DRAFT_ID,
  state: 'committing',
  counts: VALIDATED_COUNTS,
  progress: { done: 250, total: 488 },
});
const imported = {
  ...importing,
  state: 'done' as const,
  progress: { done: 488, total: 488 },
  counts: { ...VALIDATED_COUNTS, imported: 488 },
};
/** The import answers "committing" twice, then "done" (the panel asks every second while it runs). */
const importOnServer = () => (audienceImport.reads > 2 ? imported : importing);
export const SummaryAudienceFollowsTheImport: Story = {
  beforeEach: () => {
    audienceImport.reads = 0;
  },
  parameters: {
    app: at(draftAt('summary'), { state: reached('summary') }),
    msw: {
      handlers: [
        mockOperation('get', '/api/v1/imports/{importId}', () => {
          audienceImport.reads += 1;
          return { status: 200, body: importOnServer() };
        }),
        mockOperation('get', '/api/v1/campaigns/{id}/imports', () => ({
          status: 200,
          body: { imports: [importOnServer()] },
        })),
        mockOperation('get', '/api/v1/campaigns/{id}/review', () =>
          importOnServer().state === 'done'
            ? { status: 200, body: { ...readyReview, audience: 488, problems: [] } }
            : {
                status: 200,
                body: {
                  ...readyReview,
                  audience: 0,
                  sequence_days: null,
                  problems: [
                    {
                      code: 'no_audience' as const,
                      severity: 'blocking' as const,
                      section: 'summary' as const,
                    },
                  ],
                  can_launch: false,
                },
              },
        ),
        ...world(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No prospect in the campaign yet.')).toBeVisible();
    await expect(
      await canvas.findByRole('progressbar', { name: 'Storing of the prospects' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Launch the campaign' })).toBeDisabled();
    await expect(await canvas.findByText('488 prospects in the campaign.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Launch the campaign' })).toBeEnabled();
    // The import the panel followed stays open with its outcome.
    await expect(canvas.getByTestId('import-done')).toHaveTextContent(
      '488 prospects were added to the campaign; 12 rows were refused.',
    );
  },
};

/** Launching moves the draft on and opens the campaign's page. */
export const Launches: Story = {
  tags: ['no-visual'], // Ends on the campaign's page, which its own stories picture.
  parameters: {
    app: at(draftAt('summary'), { state: reached('summary') }),
    msw: {
      handlers: [
        ...ready,
        mockOperation('post', '/api/v1/campaigns/{id}/lifecycle', {
          status: 200,
          body: { ...builderWorld().draft, status: 'running', is_active: true },
        }),
        ...world(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Launch the campaign' }));
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(
        `/users/${customerUser.id}/campaigns/${BUILDER_DRAFT_ID}`,
      ),
    );
  },
};

/** A refused launch says why in the user's words, and the summary stays. */
export const LaunchFailed: Story = {
  parameters: {
    app: at(draftAt('summary'), { state: reached('summary') }),
    msw: {
      handlers: [
        ...ready,
        mockOperation('post', '/api/v1/campaigns/{id}/lifecycle', {
          status: 422,
          body: {
            detail: 'campaign_has_problems',
            code: 'campaign_has_problems',
            problems: [],
          },
        }),
        ...world(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Launch the campaign' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The campaign still has blocking problems: fix them first.',
    );
    await expect(canvas.getByTestId('location')).toHaveTextContent(
      `/ai-wizard/step/summary?draft=${BUILDER_DRAFT_ID}`,
    );
    backToTop();
  },
};

/** Saving as draft completes the wizard and goes back to the customer's drafts. */
export const SavesAsDraft: Story = {
  tags: ['no-visual'], // Ends on the drafts list, the picture of DraftsList.
  parameters: { app: at(draftAt('summary'), { state: reached('summary') }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save as draft' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Campaign drafts of Élodie Lefèvre' }),
    ).toBeVisible();
  },
};

// ── each step on a 1440 px laptop, in English and in French ──

export const SettingsAt1440: Story = at1440(SettingsFilled);
export const SettingsFrenchAt1440: Story = at1440(SettingsFrenchPhone);
export const BriefAt1440: Story = at1440(BriefPrefilled);
export const BriefFrenchAt1440: Story = at1440(BriefPrefilledFrenchWide);
export const SequenceAt1440: Story = at1440(SequenceEditing);
export const SequenceFrenchAt1440: Story = at1440(SequenceEditingFrenchWide);
export const LandingPagesAt1440: Story = at1440(LandingPagesEmpty);
export const LandingPagesFrenchAt1440: Story = at1440(LandingPagesEmptyFrenchWide);
export const SummaryWithProblemsAt1440: Story = at1440(SummaryWithProblems);
export const SummaryWithProblemsFrenchAt1440: Story = at1440(SummaryWithProblemsFrenchWide);
export const SummaryReadyAt1440: Story = at1440(SummaryReady);
export const SummaryReadyFrenchAt1440: Story = at1440(SummaryReadyFrenchPhone);

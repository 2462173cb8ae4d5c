import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mockOperation } from '@prospecta/api-client/msw';
import { fixtureDate, makeOnboardingSubmission } from '@prospecta/api-client/fixtures';
import { withApp } from '../../../testing/decorators';
import { backToTop, centreInView, pageHandlers, TUTORIAL_SEEN } from '../../../testing/stories';
import { customerUser } from '../../../testing/users';
import { OnboardingQuestionnaire } from './OnboardingQuestionnaire';

const filled = makeOnboardingSubmission({ user_id: customerUser.id });

/** The server's answer to a save: the answers sent, with a new stamp (the fixture world keeps no state). */
const saveHandlers = () => [
  mockOperation('post', '/api/v1/users/{id}/onboarding', async ({ request }) => {
    const sent = (await request.json()) as Pick<typeof filled, 'brief' | 'audience'>;
    return {
      status: 201,
      body: { ...filled, ...sent, submitted_at: fixtureDate(30) },
    };
  }),
  ...pageHandlers(),
];

const meta = {
  title: 'Screens/Onboarding/Questionnaire',
  component: OnboardingQuestionnaire,
  decorators: [withApp],
  args: {
    userId: customerUser.id,
    submission: null,
    widget: { scriptUrl: '/__no-meetings-widget.js', timeoutMs: 3000 },
  },
  parameters: {
    app: { user: customerUser, preferences: TUTORIAL_SEEN },
    msw: { handlers: pageHandlers() },
  },
} satisfies Meta<typeof OnboardingQuestionnaire>;
export default meta;
type Story = StoryObj<typeof meta>;

function sizedFile(name: string, type: string, size: number, content = '%PDF-1.7'): File {
  const file = new File([content], name, { type, lastModified: 0 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Step 1, blank: 4 feature inputs, none removable. */
export const BriefEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('tab', { name: 'Product or service', selected: true }),
    ).toBeVisible();
    for (const n of [1, 2, 3, 4])
      await expect(
        canvas.getByLabelText(/^Feature \d/, {
          selector: `input[name="mainFeatures.${n - 1}.value"]`,
        }),
      ).toHaveValue('');
    await expect(canvas.queryByRole('button', { name: /Remove feature/ })).toBeNull();
  },
};
export const BriefEmptyFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('tab', { name: 'Produit ou service' }),
    ).toBeVisible();
  },
};

/** Step 1 with the stored answers (name, features, a stored PDF). */
export const BriefFilled: Story = {
  args: { submission: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/^Name of the product or service/)).toHaveValue(
      filled.brief.nameOfCampaignType,
    );
    await expect(canvas.getByText('presentation.pdf')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('The questionnaire was saved on');
  },
};

/** Every step-1 rule: Next on a blank brief shows 'Required' on the name, description, pricing model and the 4 features. */
export const BriefValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next step' }));
    await waitFor(() => expect(canvas.getAllByText('Required')).toHaveLength(7));
    await expect(
      canvas.getByText('Some answers are missing. Check the highlighted fields.'),
    ).toBeVisible();
    await expect(
      canvas.getByRole('tab', { name: 'Product or service', selected: true }),
    ).toBeVisible();
    backToTop();
  },
};
export const BriefValidationErrorsFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Étape suivante' }));
    await waitFor(() => expect(canvas.getAllByText('Requis').length).toBeGreaterThan(0));
    backToTop();
  },
};

/** Features beyond the first 4 can be added and removed; the first 4 cannot. */
export const FeaturesAddAndRemove: Story = {
  // Ends on the same picture as BriefEmpty: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a feature' }));
    await expect(canvas.getByLabelText(/^Feature 5/)).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /Remove feature/ })).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove feature 5' }));
    await expect(canvas.queryByLabelText(/^Feature 5/)).toBeNull();
    backToTop();
  },
};

/** Step 2, blank: 3 websites; submitting shows 'Required' and the company-size error on All companies. */
export const AudienceValidationErrors: Story = {
  args: { submission: null, initialTab: 'audience' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The brief is blank too: submitting sends the user back to it; come back to see the audience errors.
    await userEvent.click(canvas.getByRole('button', { name: 'Save the questionnaire' }));
    await expect(
      await canvas.findByRole('tab', { name: 'Product or service', selected: true }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Target audience' }));
    await expect(await canvas.findByText('You must select at least one option.')).toBeVisible();
    await expect(canvas.getAllByText('Required')).toHaveLength(8);
    await expect(canvas.getAllByLabelText(/^Website \d/)).toHaveLength(3);
  },
};

/** Step 2 with the stored answers. */
export const AudienceFilled: Story = { args: { submission: filled, initialTab: 'audience' } };
export const AudienceFilledFrench: Story = {
  args: { submission: filled, initialTab: 'audience' },
  globals: { locale: 'fr' },
};

/** A file on its way: its progress bar shows until the server answers. */
export const UploadInProgress: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/users/{id}/onboarding/files', async () => {
          await delay('infinite');
          return { status: 201, body: { files: [] } };
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('file-drop-input'), [
      sizedFile('brochure.pdf', 'application/pdf', 2_000_000),
    ]);
    await expect(
      await canvas.findByRole('progressbar', { name: 'Upload of brochure.pdf' }),
    ).toBeVisible();
    centreInView(canvas.getByTestId('file-drop-input'));
  },
};

/** A stored upload is listed with its size and can be removed. */
export const UploadStoredAndRemoved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('file-drop-input'), [
      sizedFile('plaquette.pdf', 'application/pdf', 8),
    ]);
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
    await expect(canvas.getByText('plaquette.pdf')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove plaquette.pdf' }));
    await expect(canvas.queryByText('plaquette.pdf')).toBeNull();
    centreInView(canvas.getByTestId('file-drop-input'));
  },
};

/** A file above 15 MB is refused before upload with the §5 message. */
export const UploadTooLarge: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('file-drop-input'), [
      sizedFile('huge.pdf', 'application/pdf', 16 * 1024 * 1024),
    ]);
    await expect(await canvas.findByText('Some files exceed the 15MB size limit.')).toBeVisible();
    await expect(canvas.queryByText('huge.pdf')).toBeNull();
    centreInView(canvas.getByTestId('file-drop-input'));
  },
};
export const UploadTooLargeFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('file-drop-input'), [
      sizedFile('huge.pdf', 'application/pdf', 16 * 1024 * 1024),
    ]);
    await expect(
      await canvas.findByText('Certains fichiers dépassent la limite de 15 Mo.'),
    ).toBeVisible();
    centreInView(canvas.getByTestId('file-drop-input'));
  },
};

/** A file of another type is refused before upload; one whose content is not what it claims is refused by the server. */
export const UploadWrongType: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/users/{id}/onboarding/files', {
          status: 415,
          body: { detail: '"fake.pdf" is neither an image (PNG, JPEG, GIF, WebP) nor a PDF.' },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByTestId('file-drop-input');
    await userEvent.upload(input, [sizedFile('tool.exe', 'application/x-msdownload', 100, 'MZ')], {
      applyAccept: false,
    });
    await expect(
      await canvas.findByText('Only images (PNG, JPEG, GIF, WebP) and PDF files are accepted.'),
    ).toBeVisible();
    await userEvent.upload(input, [sizedFile('fake.pdf', 'application/pdf', 100, 'MZ')]);
    await expect(
      await canvas.findByText('This file is not really an image or a PDF, so it was refused.'),
    ).toBeVisible();
    centreInView(canvas.getByTestId('file-drop-input'));
  },
};

/** Last step: the meetings widget cannot load (offline, blocked): a message and a plain link replace it. */
export const WidgetUnavailable: Story = {
  args: { initialTab: 'last-step' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/The calendar cannot be shown here/, {}, { timeout: 8000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open the booking page' })).toHaveAttribute(
      'target',
      '_blank',
    );
  },
};
export const WidgetUnavailableFrench: Story = {
  args: { initialTab: 'last-step' },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole(
        'link',
        { name: 'Ouvrir la page de réservation' },
        { timeout: 8000 },
      ),
    ).toBeVisible();
  },
};

/** Submitting complete answers saves them: the saved stamp shows, and the user moves on to the last step. */
export const Saved: Story = {
  args: { submission: filled, initialTab: 'audience' },
  parameters: { msw: { handlers: saveHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Geographic area/), ', Genève');
    await userEvent.click(canvas.getByRole('button', { name: 'Save the questionnaire' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('The questionnaire was saved on'),
    );
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Last step' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Target audience' }));
    await expect(canvas.getByLabelText(/^Geographic area/)).toHaveValue(
      `${filled.audience.geographicArea}, Genève`,
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    centreInView(canvas.getByRole('button', { name: 'Save the questionnaire' }));
  },
};

/** The server refuses the save (a rule it checks, or any failure): a clear message, and everything typed stays. */
export const SaveFailed: Story = {
  args: { submission: filled, initialTab: 'audience' },
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/users/{id}/onboarding', {
          status: 422,
          body: { detail: 'audience.typesOfPeople: Required' },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText(/^Types of people to contact/));
    await userEvent.type(
      canvas.getByLabelText(/^Types of people to contact/),
      'Directeurs financiers',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Save the questionnaire' }));
    await expect(
      await canvas.findByText(
        'The questionnaire could not be saved. Your answers are still here: try again.',
      ),
    ).toBeVisible();
    await expect(canvas.getByLabelText(/^Types of people to contact/)).toHaveValue(
      'Directeurs financiers',
    );
    centreInView(canvas.getByRole('button', { name: 'Save the questionnaire' }));
  },
};
export const SaveFailedFrench: Story = {
  ...SaveFailed,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer le questionnaire' }));
    await expect(
      await canvas.findByText(
        'Le questionnaire n’a pas pu être enregistré. Vos réponses sont toujours là : réessayez.',
      ),
    ).toBeVisible();
    centreInView(canvas.getByRole('button', { name: 'Enregistrer le questionnaire' }));
  },
};

/** The server refuses a questionnaire for a staff account: the message says it belongs to a customer. */
export const SaveRefusedForStaffAccount: Story = {
  args: { submission: filled, initialTab: 'audience' },
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/users/{id}/onboarding', {
          status: 403,
          body: {
            detail: 'The onboarding questionnaire belongs to a customer, not to a staff account.',
            code: 'customer_required',
          },
        }),
        ...pageHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save the questionnaire' }));
    await expect(
      await canvas.findByText(
        'The questionnaire belongs to a customer: choose a customer first, then fill it in for them.',
      ),
    ).toBeVisible();
    await expect(
      canvas.queryByText(
        'The questionnaire could not be saved. Your answers are still here: try again.',
      ),
    ).toBeNull();
    centreInView(canvas.getByRole('button', { name: 'Save the questionnaire' }));
  },
};
export const SaveRefusedForStaffAccountFrench: Story = {
  ...SaveRefusedForStaffAccount,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer le questionnaire' }));
    await expect(
      await canvas.findByText(
        'Le questionnaire appartient à un client : choisissez d’abord un client, puis remplissez-le pour lui.',
      ),
    ).toBeVisible();
    centreInView(canvas.getByRole('button', { name: 'Enregistrer le questionnaire' }));
  },
};

// ── French variants of the remaining states (every state in fr and en) ──

export const BriefFilledFrench: Story = {
  args: { submission: filled },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/^Fonctionnalité 1/)).toHaveValue(
      filled.brief.mainFeatures[0]?.value,
    );
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Le questionnaire a été enregistré le',
    );
  },
};

export const FeaturesAddAndRemoveFrench: Story = {
  // Ends on the same picture as BriefEmptyFrench: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter une fonctionnalité' }));
    await expect(canvas.getByLabelText(/^Fonctionnalité 5/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Supprimer la fonctionnalité 5' }));
    await expect(canvas.queryByLabelText(/^Fonctionnalité 5/)).toBeNull();
    backToTop();
  },
};

export const AudienceValidationErrorsFrench: Story = {
  args: { submission: null, initialTab: 'audience' },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer le questionnaire' }));
    await expect(
      await canvas.findByRole('tab', { name: 'Produit ou service', selected: true }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Audience cible' }));
    await expect(
      await canvas.findByText('Vous devez sélectionner au moins une option.'),
    ).toBeVisible();
    await expect(canvas.getAllByText('Requis')).toHaveLength(8);
    await expect(canvas.getAllByLabelText(/^Site web \d/)).toHaveLength(3);
  },
};

export const UploadInProgressFrench: Story = {
  ...UploadInProgress,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('file-drop-input'), [
      sizedFile('brochure.pdf', 'application/pdf', 2_000_000),
    ]);
    await expect(
      await canvas.findByRole('progressbar', { name: 'Envoi de brochure.pdf' }),
    ).toBeVisible();
    centreInView(canvas.getByTestId('file-drop-input'));
  },
};

export const UploadWrongTypeFrench: Story = {
  ...UploadWrongType,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByTestId('file-drop-input');
    await userEvent.upload(input, [sizedFile('tool.exe', 'application/x-msdownload', 100, 'MZ')], {
      applyAccept: false,
    });
    await expect(
      await canvas.findByText(
        'Seuls les images (PNG, JPEG, GIF, WebP) et les fichiers PDF sont acceptés.',
      ),
    ).toBeVisible();
    await userEvent.upload(input, [sizedFile('fake.pdf', 'application/pdf', 100, 'MZ')]);
    await expect(
      await canvas.findByText(
        'Ce fichier n’est pas vraiment une image ou un PDF : il a été refusé.',
      ),
    ).toBeVisible();
    centreInView(canvas.getByTestId('file-drop-input'));
  },
};

export const SavedFrench: Story = {
  args: { submission: filled, initialTab: 'audience' },
  parameters: { msw: { handlers: saveHandlers() } },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Zone géographique/), ', Genève');
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer le questionnaire' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Le questionnaire a été enregistré le'),
    );
    // A save moves to the last step, as in English: wait for it, then come back to check what was kept.
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Dernière étape' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Audience cible' }));
    await expect(canvas.getByLabelText(/^Zone géographique/)).toHaveValue(
      `${filled.audience.geographicArea}, Genève`,
    );
    centreInView(canvas.getByRole('button', { name: 'Enregistrer le questionnaire' }));
  },
};

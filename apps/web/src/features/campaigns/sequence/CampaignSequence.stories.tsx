import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import type { CampaignLanguage, CampaignSequence as Sequence } from '@prospecta/api-client';
import { detail, mockOperation } from '@prospecta/api-client/msw';
import { briefFromOnboarding, draftSequence } from '@prospecta/domain';
import { withApp } from '../../../testing/decorators';
import { atWidth, WIDTH_VIEWPORTS } from '../../../testing/stories';
import { CampaignSequence } from './CampaignSequence';

const CAMPAIGN_ID = 50;

/** The first draft the builder writes for a campaign without a brief, as the sequence read answers it. */
function draftedSequence(language: CampaignLanguage): Sequence {
  return {
    campaign_id: CAMPAIGN_ID,
    language,
    steps: draftSequence(briefFromOnboarding(null), language).map(
      ({ draft_template: _draft, ...step }, index) => ({
        ...step,
        id: 700 + index,
        position: index + 1,
      }),
    ),
    landing_pages: [],
  };
}

/** Long content: a long subject and body with a link and an unbroken word, a LinkedIn message, an empty note. */
const longSequence: Sequence = {
  campaign_id: CAMPAIGN_ID,
  language: 'fr',
  landing_pages: [{ key: 'demo', name: 'Démonstration en ligne', url: 'https://example.com/demo' }],
  steps: [
    {
      id: 802,
      position: 2,
      type: 'linkedin_message',
      name: 'Message LinkedIn',
      subject: '',
      body: 'Bonjour {{first_name}}, merci d’avoir accepté mon invitation. Je serais ravi d’échanger sur les priorités de {{company|votre équipe}} pour le prochain trimestre.',
      delay_days: 3,
      condition: 'no_reply',
    },
    {
      id: 801,
      position: 1,
      type: 'email',
      name: 'Présentation détaillée',
      subject:
        'Une proposition pour {{company|votre entreprise}} et ses équipes commerciales de Suisse romande et de la région lyonnaise',
      body: [
        'Bonjour {{first_name|Madame, Monsieur}} {{last_name}},',
        'En tant que {{position|responsable}} chez {{company}}, vous connaissez sans doute la difficulté de suivre chaque prospect.',
        'Voici notre démonstration\u00a0: {{link:demo|voir la démonstration}}, ou directement {{link:demo}}.',
        'Référence\u00a0: PROSPECTA-2026-GRANDSCOMPTES-SUISSEROMANDE-LYON-RELANCEAUTOMATIQUE',
        'Bien cordialement,',
        '{{unsubscribe}}',
      ].join('\n\n'),
      delay_days: 0,
      condition: 'none',
    },
    {
      id: 803,
      position: 3,
      type: 'linkedin_invitation',
      name: 'n/a',
      subject: '',
      body: '',
      delay_days: 1,
      condition: 'none',
    },
  ],
};

const sequenceAnswer = (body: Sequence) =>
  mockOperation('get', '/api/v1/campaigns/{id}/sequence', { status: 200, body });

const meta = {
  title: 'Screens/Campaign/Sequence',
  component: CampaignSequence,
  decorators: [
    (Story) => (
      <div style={{ padding: 16, maxWidth: 960 }}>
        <Story />
      </div>
    ),
    withApp,
  ],
  args: { campaignId: CAMPAIGN_ID },
  globals: atWidth(1280),
  parameters: {
    layout: 'fullscreen',
    viewport: WIDTH_VIEWPORTS,
    msw: { handlers: [sequenceAnswer(draftedSequence('en'))] },
  },
} satisfies Meta<typeof CampaignSequence>;

export default meta;
type Story = StoryObj<typeof meta>;

const steps = (canvas: ReturnType<typeof within>) => canvas.findAllByTestId('sequence-step');

/**
 * The drafted sequence in English: four steps in order with their timing and condition; variables read as tokens
 * (with their fallback), never as `{{…}}`; the LinkedIn invitation says it becomes a task for the customer.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Sequence' })).toBeVisible();
    const items = await steps(canvas);
    await expect(
      items.map((item: HTMLElement) => within(item).getByRole('heading').textContent),
    ).toEqual([
      'Step 1: E-mail',
      'Step 2: LinkedIn invitation',
      'Step 3: E-mail',
      'Step 4: E-mail',
    ]);
    const [first, invitation, second] = items as [HTMLElement, HTMLElement, HTMLElement];
    await expect(within(first).getByTestId('sequence-step-subject')).toHaveTextContent(
      'An idea for [company, otherwise “your team”]',
    );
    await expect(within(first).getByTestId('sequence-step-body')).toHaveTextContent(
      '[unsubscribe link]',
    );
    await expect(canvasElement).not.toHaveTextContent('{{');
    await expect(within(invitation).getByTestId('sequence-step-task')).toHaveTextContent(
      'This step becomes a task for you',
    );
    await expect(within(first).queryByTestId('sequence-step-task')).not.toBeInTheDocument();
    // The follow-ups have no subject of their own: no empty 'Subject'.
    await expect(within(second).queryByTestId('sequence-step-subject')).not.toBeInTheDocument();
    await expect(within(second).getByTestId('sequence-step-timing')).toHaveTextContent(
      /after the previous step\. Only to prospects who have not replied yet\.$/,
    );
  },
};

/** The drafted sequence in French, with French typography. */
export const FilledFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { msw: { handlers: [sequenceAnswer(draftedSequence('fr'))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, invitation] = (await steps(canvas)) as [HTMLElement, HTMLElement];
    await expect(canvas.getByRole('heading', { level: 2, name: 'Séquence' })).toBeVisible();
    await expect(within(first).getByRole('heading').textContent).toContain('Étape 1\u00a0: E-mail');
    await expect(within(first).getByTestId('sequence-step-subject').textContent).toContain(
      'Une idée pour [entreprise, sinon «\u00a0votre équipe\u00a0»]',
    );
    await expect(within(invitation).getByTestId('sequence-step-task').textContent).toContain(
      'Cette étape devient une tâche pour vous\u00a0: vous l’envoyez vous-même sur LinkedIn.',
    );
  },
};

/** French on a phone (390 px): the steps stack and nothing overflows. */
export const FilledFrenchOnAPhone: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  parameters: { msw: { handlers: [sequenceAnswer(draftedSequence('fr'))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await steps(canvas);
    await expect(items).toHaveLength(4);
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};

/**
 * Long content at 390 px: steps in position order whatever order they come in; links read with their label (or the
 * landing page's name); an unbroken word wraps; an invitation without a note says so.
 */
export const LongContentOnAPhone: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  parameters: { msw: { handlers: [sequenceAnswer(longSequence)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, message, invitation] = (await steps(canvas)) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    await expect(within(first).getByRole('heading').textContent).toContain('Étape 1\u00a0: E-mail');
    await expect(within(first).getByTestId('sequence-step-timing')).toHaveTextContent(
      'Envoyée au lancement de la campagne.',
    );
    const body = within(first).getByTestId('sequence-step-body');
    await expect(body.textContent).toContain('[lien\u00a0: voir la démonstration]');
    await expect(body.textContent).toContain('[lien\u00a0: Démonstration en ligne]');
    await expect(body.textContent).toContain(
      '[prénom, sinon «\u00a0Madame, Monsieur\u00a0»] [nom]',
    );
    await expect(within(message).getByRole('heading').textContent).toContain(
      'Étape 2\u00a0: Message LinkedIn',
    );
    await expect(within(message).getByTestId('sequence-step-task')).toBeVisible();
    await expect(invitation).toHaveTextContent('L’invitation est envoyée sans note.');
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};

/** A campaign whose sequence is not written yet. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: [sequenceAnswer({ ...draftedSequence('en'), steps: [] })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const empty = await canvas.findByTestId('sequence-empty');
    await expect(empty).toHaveTextContent('No sequence yet');
    await expect(canvas.queryByTestId('sequence-step')).not.toBeInTheDocument();
  },
};

/** While the sequence loads: a spinner, the section busy. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v1/campaigns/:id/sequence', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('campaign-sequence')).toHaveAttribute('aria-busy', 'true');
    await expect(
      within(canvas.getByTestId('sequence-loading')).getByRole('status', {
        name: 'Loading the sequence…',
      }),
    ).toBeVisible();
  },
};

/** A failed read: the error with a retry, which shows the sequence once the server answers. */
export const ErrorThenRetry: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(
          '*/api/v1/campaigns/:id/sequence',
          () => HttpResponse.json(detail('Boom.'), { status: 500 }),
          { once: true },
        ),
        sequenceAnswer(draftedSequence('en')),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const error = await canvas.findByTestId('sequence-error', {}, { timeout: 10_000 });
    await expect(error).toHaveTextContent('The sequence could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await steps(canvas)).toHaveLength(4);
  },
};

/** The error as it stays on screen (French, 390 px). */
export const FrenchError: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v1/campaigns/:id/sequence', () =>
          HttpResponse.json(detail('Boom.'), { status: 500 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const error = await canvas.findByTestId('sequence-error', {}, { timeout: 10_000 });
    await expect(error).toHaveTextContent('La séquence n’a pas pu être chargée.');
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  },
};

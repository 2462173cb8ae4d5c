import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { draftSequence, problem } from '@prospecta/domain';
import type { CampaignLanguage, SequenceStepInput } from '@prospecta/domain/contract';
import { withApp } from '../../testing/decorators';
import { atWidth, backToTop, WIDTH_VIEWPORTS } from '../../testing/stories';
import { SequenceEditor, type SequenceEditorProps } from './SequenceEditor';
import { briefOf, landingPagesOf, oneOfEach, samplesOf } from './stories.fixtures';

/** The editor as the builder holds it: the steps in state, every change kept. */
function Harness(props: SequenceEditorProps) {
  const [steps, setSteps] = useState(props.steps);
  return (
    <div style={{ padding: 16 }}>
      <SequenceEditor {...props} steps={steps} onChange={setSteps} />
    </div>
  );
}

const props = (language: CampaignLanguage, steps: SequenceStepInput[] = []) =>
  ({
    steps,
    onChange: () => undefined,
    language,
    landingPages: landingPagesOf(language),
    samples: samplesOf(language),
    problems: [],
    brief: briefOf(language),
  }) satisfies SequenceEditorProps;

const meta = {
  title: 'Screens/AI wizard/Sequence editor',
  component: SequenceEditor,
  decorators: [withApp],
  render: (args) => <Harness {...args} />,
  args: props('en'),
  globals: atWidth(1280),
  parameters: { layout: 'fullscreen', viewport: WIDTH_VIEWPORTS },
} satisfies Meta<typeof SequenceEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const stepTitles = (canvas: Canvas) =>
  canvas
    .queryAllByTestId('sequence-editor-step')
    .map((step: HTMLElement) => within(step).getByRole('heading', { level: 3 }).textContent);
const stepAt = (canvas: Canvas, index: number) =>
  canvas.getAllByTestId('sequence-editor-step')[index] as HTMLElement;

/** No step yet: the empty state, the add buttons and the draft button, which says it writes from templates. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No step yet' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Write a first draft', description: /fixed templates/ }),
    ).toBeVisible();
    await expect(canvas.getByText(/No AI writes it/)).toBeVisible();
    await expect(canvas.getByText('The sequence needs at least one step.')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Add a step' })).toBeVisible();
  },
};

export const EmptyFrenchPhone: Story = {
  args: props('fr'),
  globals: { locale: 'fr', ...atWidth(390) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Aucune étape pour l’instant' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Écrire un premier brouillon' })).toBeVisible();
  },
};

/**
 * The draft button fills three e-mails and a LinkedIn invitation from the brief, each labelled as a draft from
 * templates; an edit removes the label from that step only.
 */
export const DraftButtonWritesFromTemplates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Write a first draft' }));
    await expect(stepTitles(canvas)).toEqual([
      'Step 1: E-mail',
      'Step 2: LinkedIn invitation',
      'Step 3: E-mail',
      'Step 4: E-mail',
    ]);
    await expect(canvas.getAllByTestId('draft-badge')).toHaveLength(4);
    await expect(canvas.getByTestId('sequence-editor-status')).toHaveTextContent(
      'First draft written from templates: 4 steps to edit.',
    );
    await expect(within(stepAt(canvas, 0)).getByLabelText('Subject')).toHaveValue(
      'An idea for {{company|your team}}',
    );
    // The draft passes the checks as written.
    for (const step of canvas.getAllByTestId('sequence-editor-step'))
      await expect(within(step).getByTestId('step-checks-none')).toBeVisible();
    await userEvent.type(within(stepAt(canvas, 0)).getByLabelText('Subject'), '!');
    await expect(canvas.getAllByTestId('draft-badge')).toHaveLength(3);
    await expect(within(stepAt(canvas, 0)).queryByTestId('draft-badge')).toBeNull();
    backToTop();
  },
};

/** With steps already written, the draft asks first: "keep my steps" changes nothing, "replace" writes it. */
export const DraftAsksBeforeReplacing: Story = {
  args: props('fr', oneOfEach('fr').slice(0, 1)),
  globals: { locale: 'fr', ...atWidth(1280) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const draft = await canvas.findByRole('button', { name: 'Écrire un premier brouillon' });
    await userEvent.click(draft);
    const dialog = await page.findByRole('alertdialog');
    await expect(dialog).toHaveAccessibleName('Remplacer l’étape par un premier brouillon\u00a0?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Garder mes étapes' }));
    await expect(stepTitles(canvas)).toEqual(['Étape 1\u00a0: E-mail']);
    await userEvent.click(draft);
    await userEvent.click(
      within(await page.findByRole('alertdialog')).getByRole('button', {
        name: 'Remplacer par le brouillon',
      }),
    );
    await waitFor(() => expect(stepTitles(canvas)).toHaveLength(4));
    await expect(
      within(stepAt(canvas, 1)).getByLabelText('Note d’invitation (facultative)'),
    ).toHaveValue(draftSequence(briefOf('fr'), 'fr')[1]?.body);
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    backToTop();
  },
};

/** An e-mail, a LinkedIn invitation and a LinkedIn message, each previewed for the first sample prospect. */
export const OneOfEachType: Story = {
  args: props('en', oneOfEach('en')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepTitles(canvas)).toEqual([
      'Step 1: E-mail',
      'Step 2: LinkedIn invitation',
      'Step 3: LinkedIn message',
    ]);
    const [sample] = samplesOf('en');
    const preview = within(stepAt(canvas, 0)).getByTestId('step-preview');
    await expect(preview).toHaveTextContent(`An idea for ${sample?.company}`);
    await expect(preview).toHaveTextContent(`Hi ${sample?.first_name},`);
    await expect(within(preview).getByRole('link', { name: 'see the demo' })).toHaveAttribute(
      'href',
      'https://example.com/demo?utm_source=prospecta&utm_medium=email&utm_campaign=spring-2027',
    );
    await expect(preview).toHaveTextContent('Unsubscribe here: [unsubscribe link]');
    await expect(within(stepAt(canvas, 1)).getByTestId('note-counter')).toHaveTextContent(
      /^\d+ of 300 characters$/,
    );
    await expect(within(stepAt(canvas, 2)).queryByLabelText('Subject')).toBeNull();
  },
};

export const OneOfEachTypeFrenchPhone: Story = {
  args: props('fr', oneOfEach('fr')),
  globals: { locale: 'fr', ...atWidth(390) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepTitles(canvas)).toEqual([
      'Étape 1\u00a0: E-mail',
      'Étape 2\u00a0: Invitation LinkedIn',
      'Étape 3\u00a0: Message LinkedIn',
    ]);
  },
};

/** Adding puts the focus on the new step; deleting moves it to "Undo", which puts the step back where it was. */
export const AddAndDeleteWithUndo: Story = {
  args: props('en', oneOfEach('en')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a LinkedIn message' }));
    await expect(stepTitles(canvas)[3]).toBe('Step 4: LinkedIn message');
    await expect(
      canvas.getByRole('list', { name: 'Steps of the sequence' }).children[3],
    ).toHaveFocus();
    await expect(
      within(stepAt(canvas, 3)).getByLabelText('Name in the campaigns list'),
    ).toHaveValue('LinkedIn message 2');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete step 2' }));
    await expect(stepTitles(canvas)).toEqual([
      'Step 1: E-mail',
      'Step 2: LinkedIn message',
      'Step 3: LinkedIn message',
    ]);
    await expect(canvas.getByTestId('sequence-editor-status')).toHaveTextContent(
      'Step 2 (LinkedIn invitation) deleted.',
    );
    const undo = canvas.getByRole('button', { name: 'Undo' });
    await expect(undo).toHaveFocus();
    await userEvent.click(undo);
    await expect(stepTitles(canvas)[1]).toBe('Step 2: LinkedIn invitation');
    await expect(canvas.queryByRole('button', { name: 'Undo' })).toBeNull();
    await expect(canvas.getByTestId('sequence-editor-status')).toHaveTextContent(
      'Step 2 (LinkedIn invitation) restored.',
    );
    backToTop();
  },
};

/** Alt+ArrowUp in a step's text moves the step up, keeps the focus there and announces the new position. */
export const KeyboardReorder: Story = {
  args: props('en', oneOfEach('en')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const message = within(stepAt(canvas, 2)).getByLabelText('Message');
    await userEvent.click(message);
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await expect(stepTitles(canvas)).toEqual([
      'Step 1: E-mail',
      'Step 2: LinkedIn message',
      'Step 3: LinkedIn invitation',
    ]);
    await expect(message).toHaveFocus();
    await expect(
      canvas.getByText('LinkedIn message moved to position 2 of 3.'),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Move step 1 down' }));
    await expect(stepTitles(canvas)[0]).toBe('Step 1: LinkedIn message');
    backToTop();
  },
};

/** The invitation's note counts live up to LinkedIn's 300 characters, and past them the check blocks the launch. */
export const InvitationNoteCounter: Story = {
  args: props('en', oneOfEach('en').slice(1, 2)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const note = canvas.getByLabelText('Invitation note (optional)');
    await userEvent.clear(note);
    await expect(canvas.getByTestId('note-counter')).toHaveTextContent('0 of 300 characters');
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(299));
    await expect(canvas.getByTestId('note-counter')).toHaveTextContent('299 of 300 characters');
    await expect(canvas.getByTestId('step-checks-none')).toBeVisible();
    await userEvent.type(note, 'yz');
    const counter = canvas.getByTestId('note-counter');
    await expect(counter).toHaveTextContent('301 of 300 characters');
    await expect(counter).toHaveAttribute('data-over', 'true');
    await expect(canvas.getByTestId('step-check')).toHaveTextContent(
      'The note is longer than 300 characters once filled: LinkedIn refuses it.',
    );
    backToTop();
  },
};

const failing: SequenceStepInput = {
  type: 'email',
  name: 'Introduction',
  subject:
    'Congratulations {{first_name}}, a free offer for {{company|your team}} ends this week, act now',
  body: [
    'Hi {{first_name}} {{nickname}},',
    'See {{link:demo}}, {{link:pricing}}, {{link:webinar}} and https://example.com/blog.',
    'Click here {{company',
  ].join('\n\n'),
  delay_days: 0,
  condition: 'none',
  draft_template: false,
};

/**
 * Every check failing on one e-mail, beside it: the server counted 42 prospects without a first name; the words spam
 * filters flag; links; an unknown variable and landing page; a malformed tag; the missing unsubscribe sentence.
 */
export const ChecksFailing: Story = {
  args: {
    ...props('en', [failing]),
    problems: [
      problem('variable_gap', { step: 1, field: 'subject', variable: 'first_name', count: 42 }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const checks = canvas.getAllByTestId('step-check');
    await expect(checks.map((check: HTMLElement) => check.dataset.code)).toEqual([
      'template_malformed',
      'unknown_variable',
      'unknown_landing_page',
      'variable_gap',
      'unsubscribe_missing',
      'subject_too_long',
      'too_many_links',
      'spam_words',
    ]);
    await expect(canvas.getByText(/^42 prospects have no first name/)).toBeVisible();
    await expect(
      canvas.getByText(
        'Spam filters flag these words: act now, click here, congratulations, and free.',
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText('The unsubscribe sentence is missing: add {{unsubscribe}} to the text.'),
    ).toBeVisible();
  },
};

/**
 * The preview for a prospect without company or position: the fallback shows, marked and explained; a variable
 * without fallback shows as a gap.
 */
export const PreviewWithFallbacks: Story = {
  args: props('en', [
    {
      ...oneOfEach('en')[0]!,
      body: 'Hi {{first_name|there}}, how is {{company|your team}} doing? As {{position}}, you know it.\n\n{{unsubscribe}}',
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [, second] = samplesOf('en');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Preview for' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', {
        name: `${second?.first_name} ${second?.last_name} (no company)`,
      }),
    );
    const preview = canvas.getByTestId('step-preview');
    await expect(
      within(preview).getByRole('heading', {
        name: `Preview for ${second?.first_name} ${second?.last_name}`,
      }),
    ).toBeVisible();
    await expect(preview).toHaveTextContent(
      'how is your team doing? As [no position], you know it.',
    );
    await expect(within(preview).getByTestId('preview-notes')).toHaveTextContent(
      'No company for this prospect: “your team” is shown instead.',
    );
    await expect(within(preview).getByTestId('preview-notes')).toHaveTextContent(
      'No position for this prospect and no fallback: nothing is shown.',
    );
    // One of the three samples lacks the position: the check counts it until the server has counted them all.
    await expect(canvas.getByText(/^1 prospect has no position/)).toBeVisible();
    backToTop();
  },
};

/** A link to a landing page goes in at the caret, and the preview shows it with its UTM parameters. */
export const InsertLink: Story = {
  args: props('en', [{ ...oneOfEach('en')[0]!, body: 'Hi.\n\n{{unsubscribe}}' }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = canvas.getByLabelText('Text') as HTMLTextAreaElement;
    body.setSelectionRange(3, 3);
    await userEvent.click(canvas.getByRole('button', { name: 'Insert a link' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('menuitem', {
        name: 'Link to “Pricing”',
      }),
    );
    await expect(body).toHaveValue('Hi.{{link:pricing|Pricing}}\n\n{{unsubscribe}}');
    await expect(
      within(canvas.getByTestId('step-preview')).getByRole('link', { name: 'Pricing' }),
    ).toHaveAttribute(
      'href',
      'https://example.com/pricing?plan=team&utm_source=prospecta&utm_medium=email&utm_content=follow-up&utm_term=crm',
    );
    backToTop();
  },
};

const long = (language: CampaignLanguage): SequenceStepInput[] => {
  const drafted = draftSequence(
    {
      ...briefOf(language),
      offer_name:
        language === 'fr'
          ? 'La plateforme de prospection multicanale pour les équipes commerciales de Suisse romande'
          : 'The multichannel prospecting platform for the sales teams of French-speaking Switzerland',
    },
    language,
  );
  return [
    ...drafted,
    ...drafted.map((step) => ({ ...step, draft_template: false, name: `${step.name} (B)` })),
  ];
};

/** Eight steps with long names, subjects and bodies: nothing overflows the card. */
export const ManyStepsLongContent: Story = {
  args: { ...props('fr', long('fr')), samples: samplesOf('fr') },
  globals: { locale: 'fr', ...atWidth(1280) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepTitles(canvas)).toHaveLength(8);
    await expect(canvas.getByText(/Alt \+ ↑ ou Alt \+ ↓/)).toBeVisible();
  },
};

export const ManyStepsPhone: Story = {
  args: props('en', long('en')),
  globals: atWidth(390),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepTitles(canvas)).toHaveLength(8);
  },
};

/** Read-only (a launched campaign): fields disabled, no button changes the sequence; checks and previews stay. */
export const Disabled: Story = {
  args: { ...props('en', oneOfEach('en')), disabled: true, samples: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole('button', { name: /Delete|Move|Add|Write|Insert/ })).toEqual(
      [],
    );
    for (const field of canvas.getAllByRole('textbox')) await expect(field).toBeDisabled();
    await expect(canvas.getByTestId('no-samples')).toHaveTextContent(
      'This campaign has no prospect yet: the preview shows every fallback.',
    );
    await expect(canvas.getAllByTestId('step-preview')[0]).toHaveTextContent('Hi there,');
  },
};

export const DisabledFrench: Story = {
  args: { ...props('fr', oneOfEach('fr')), disabled: true },
  globals: { locale: 'fr', ...atWidth(390) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole('button', { name: /Supprimer|Ajouter/ })).toEqual([]);
  },
};

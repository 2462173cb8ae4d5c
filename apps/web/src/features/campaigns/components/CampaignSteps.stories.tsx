import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Campaign } from '@prospecta/api-client';
import { makeCampaign, makeCampaignStep } from '@prospecta/api-client/fixtures';
import { withApp } from '../../../testing/decorators';
import { atWidth, WIDTH_VIEWPORTS } from '../../../testing/stories';
import { CampaignSteps } from './CampaignSteps';

type StepsOf = Pick<Campaign, 'id' | 'name' | 'steps'>;

/** 'UK logistics outreach Q2' of the fixtures: e-mail, n/a (a LinkedIn invitation), LinkedIn message, follow-up e-mail; given out of order. */
const fixtureSteps = makeCampaign(2).steps;
const typical: StepsOf = {
  id: 51,
  name: makeCampaign(2).name,
  steps: [fixtureSteps[2]!, fixtureSteps[0]!, fixtureSteps[3]!, fixtureSteps[1]!],
};

/** Edge content: nothing contacted (every rate divides by zero), ' N/A ' in capitals, a long name and an unbroken word. */
const edges: StepsOf = {
  id: 52,
  name: 'Campagne de prospection internationale des distributeurs de matériel agricole et viticole',
  steps: [
    makeCampaignStep(1, {
      id: 901,
      position: 1,
      name: 'Premier e-mail de présentation très détaillé avec relance et pièce jointe commerciale',
      contacted: 0,
      contacts_opened: 0,
      contacts_clicked: 0,
      contacts_answered: 0,
    }),
    makeCampaignStep(2, { id: 902, position: 2, name: ' N/A ' }),
    makeCampaignStep(3, {
      id: 903,
      position: 3,
      name: 'Relancesansespacepourlesgrandscomptesdelarégionlyonnaiseetdelasuisseromande',
      contacted: 0,
      contacts_answered: 0,
    }),
  ],
};

const empty: StepsOf = { id: 53, name: 'Salon des entrepreneurs de Lyon', steps: [] };

function StepsCases() {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 32, maxWidth: 960 }}>
      {[typical, edges, empty].map((campaign) => (
        <div key={campaign.id} data-testid={`steps-case-${campaign.id}`}>
          <CampaignSteps campaign={campaign} />
        </div>
      ))}
    </div>
  );
}

const meta = {
  title: 'Screens/Campaigns/Steps',
  component: StepsCases,
  decorators: [withApp],
} satisfies Meta<typeof StepsCases>;
export default meta;
type Story = StoryObj<typeof meta>;

const stepRows = (canvasElement: HTMLElement, id: number) =>
  within(
    within(canvasElement).getByTestId(`steps-case-${id}`),
  ).queryAllByTestId<HTMLTableRowElement>('campaign-step');
const tones = (row: HTMLElement) =>
  [...row.querySelectorAll('[data-tone]')].map((cell) => cell.getAttribute('data-tone'));

/**
 * The expanded part of a campaign row (§2, §9), every case: steps in campaign order whatever order they come in; a
 * step named n/a reads 'LinkedIn invitation'; rates with two decimals, green above 0 and red at 0; a LinkedIn message's
 * answer rate is answered / contacted (and a note says so, only where such a step exists); nothing contacted gives
 * 0.00 % (no division by zero); a campaign without steps says so.
 */
export const Catalogue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = stepRows(canvasElement, 51);
    await expect(rows.map((row) => row.cells[0]!.textContent)).toEqual([
      'Premier e-mail',
      'LinkedIn invitation',
      'Message LinkedIn',
      'Relance e-mail',
    ]);
    await expect(rows.map((row) => row.cells[1]!.textContent)).toEqual([
      'E-mail',
      'LinkedIn invitation',
      'LinkedIn message',
      'E-mail',
    ]);
    // opened / contacted, clicked / opened, answered / opened: 72/120, 18/72, 6/72.
    await expect(rows[0]).toHaveTextContent('60.00%25.00%8.33%');
    await expect(tones(rows[0]!)).toEqual(['positive', 'positive', 'positive']);
    // A LinkedIn message has no opening: answered / contacted (4 of 90), green; its 0.00 % opened and clicked are red.
    await expect(rows[2]).toHaveTextContent('0.00%0.00%4.44%');
    await expect(tones(rows[2]!)).toEqual(['negative', 'negative', 'positive']);
    // Answered / opened of an invitation nobody opened: 5 / 0 gives 0.00 %, not Infinity.
    await expect(rows[1]).toHaveTextContent('0.00%0.00%0.00%');
    await expect(tones(rows[1]!)).toEqual(['negative', 'negative', 'negative']);
    await expect(rows[3]).toHaveTextContent('60.00%24.44%6.67%');
    const typicalCase = within(canvas.getByTestId('steps-case-51'));
    await expect(
      typicalCase.getByRole('columnheader', { name: 'Answered / opened *' }),
    ).toBeInTheDocument();
    await expect(
      typicalCase.getByText(/^\* For a LinkedIn message, the answer rate is answered \/ contacted/),
    ).toBeInTheDocument();
    await expect(
      typicalCase.getByRole('table', { name: 'Steps of the campaign' }),
    ).toBeInTheDocument();
    // Where the steps do not fit they scroll in a focusable region named after its campaign (several rows may be open).
    await expect(
      typicalCase.getByRole('region', { name: 'Steps of UK logistics outreach Q2' }),
    ).toHaveAttribute('tabindex', '0');

    const edgeRows = stepRows(canvasElement, 52);
    await expect(edgeRows[0]).toHaveTextContent('0.00%0.00%0.00%');
    await expect(edgeRows[1]!.cells[0]).toHaveTextContent(/^LinkedIn invitation$/);
    await expect(edgeRows[2]).toHaveTextContent('LinkedIn message0.00%0.00%0.00%');
    await expect(within(edgeRows[0]!).getByTestId('campaign-funnel')).toHaveAccessibleName(
      /0 people contacted/,
    );

    await expect(
      within(canvas.getByTestId('steps-case-53')).getByTestId('campaign-steps-empty'),
    ).toHaveTextContent('This campaign has no steps yet.');
    // The long names stay inside the page: at worst the steps table scrolls in its own box.
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** 390 px, French: headers, types, 'Invitation LinkedIn', French percentages and the note; the steps scroll in their box. */
export const FrenchOnAPhone: Story = {
  globals: { ...atWidth(390), locale: 'fr' },
  parameters: { viewport: WIDTH_VIEWPORTS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = stepRows(canvasElement, 51);
    await expect(
      within(canvas.getByTestId('steps-case-51')).getByRole('table', {
        name: 'Étapes de la campagne',
      }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('region', { name: 'Étapes d’UK logistics outreach Q2' }),
    ).toBeInTheDocument();
    await expect(canvas.getAllByRole('columnheader', { name: 'Ouverts / contactés' })).toHaveLength(
      2,
    );
    await expect(
      canvas.getAllByRole('columnheader', { name: 'Réponses / ouverts *' }),
    ).toHaveLength(2);
    await expect(rows[1]!.cells[0]).toHaveTextContent('Invitation LinkedIn');
    await expect(rows[2]!.cells[1]).toHaveTextContent('Message LinkedIn');
    await expect(rows[0]).toHaveTextContent(/60,00\s%25,00\s%8,33\s%/);
    await expect(
      canvas.getAllByText(
        /^\* Pour un message LinkedIn, le taux de réponse est réponses \/ contactés/,
      ),
    ).toHaveLength(2);
    await expect(canvas.getByTestId('campaign-steps-empty')).toHaveTextContent(
      'Cette campagne n’a pas encore d’étape.',
    );
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
  },
};

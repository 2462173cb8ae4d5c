import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { makeCampaign, makeCampaignStep } from '@prospecta/api-client/fixtures';
import { withApp } from '../../../testing/decorators';
import { CampaignFunnel, type FunnelCounts } from './CampaignFunnel';

const counts = (
  contacted: number,
  opened: number,
  clicked: number,
  answered: number,
): FunnelCounts => ({
  contacted,
  contacts_opened: opened,
  contacts_clicked: clicked,
  contacts_answered: answered,
});

/** The state matrix of a funnel: each case once compact (table cell) and once wide (stage names and counts). */
const CASES: readonly { name: string; counts: FunnelCounts }[] = [
  { name: makeCampaignStep(4).name, counts: makeCampaignStep(4) },
  { name: 'Nobody contacted yet', counts: counts(0, 0, 0, 0) },
  { name: 'Contacted, nothing else', counts: counts(250, 0, 0, 0) },
  { name: 'Everyone answered', counts: counts(40, 40, 40, 40) },
  { name: 'One answer in ten thousand', counts: counts(10_000, 1, 1, 1) },
  // The campaign fixture sums its steps' openings over the first step's contacts: more openings than contacts.
  { name: makeCampaign(1).name, counts: makeCampaign(1) },
  {
    name: 'Campagnedeprospectioninternationaledesdistributeursdematérielagricoleetviticole',
    counts: counts(1_234_567, 234_567, 34_567, 4_567),
  },
];

function Funnels() {
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 900 }}>
      {CASES.map((item) => (
        <figure
          key={item.name}
          data-testid="funnel-case"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '8px 24px',
            margin: 0,
          }}
        >
          <figcaption
            style={{ flex: '0 1 14rem', minWidth: 0, overflowWrap: 'anywhere', fontSize: 13 }}
          >
            {item.name}
          </figcaption>
          <CampaignFunnel name={item.name} counts={item.counts} />
          <div style={{ flex: '1 1 220px', minWidth: 0 }}>
            <CampaignFunnel name={item.name} counts={item.counts} size="wide" />
          </div>
        </figure>
      ))}
    </div>
  );
}

const meta = {
  title: 'Screens/Campaigns/Funnel',
  component: Funnels,
  decorators: [withApp],
} satisfies Meta<typeof Funnels>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The bars' widths (share of contacted, out of 100) of one funnel, contacted → answered. */
const barWidths = (svg: Element) =>
  [...svg.querySelectorAll('rect')]
    .filter((_, i) => i % 2 === 1)
    .map((rect) => Number(rect.getAttribute('width')));

/**
 * Every case of the funnel (beyond the spec): bars are shares of the contacted people; nobody contacted
 * draws empty tracks and says 0.00 % (no division by zero); one person in ten thousand still shows a sliver; counts
 * above the contacted (the fixture campaign's summed openings) fill the track without spilling over; a long
 * unbroken name stays in its column. Screen readers get one sentence per funnel.
 */
export const Catalogue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const funnels = canvas.getAllByTestId('campaign-funnel');
    await expect(funnels).toHaveLength(CASES.length * 2);
    await expect(funnels[0]).toHaveAccessibleName(
      'Funnel of Relance e-mail: 75 people contacted, 45 opened (60.00%), 11 clicked (14.67%), 3 answered (4.00%).',
    );
    await expect(funnels[2]).toHaveAccessibleName(
      'Funnel of Nobody contacted yet: 0 people contacted, 0 opened (0.00%), 0 clicked (0.00%), 0 answered (0.00%).',
    );
    await expect(barWidths(funnels[2]!)).toEqual([0, 0, 0, 0]);
    await expect(barWidths(funnels[4]!)).toEqual([100, 0, 0, 0]);
    await expect(barWidths(funnels[6]!)).toEqual([100, 100, 100, 100]);
    await expect(funnels[6]).toHaveAccessibleName(/40 answered \(100\.00%\)\.$/);
    // 1 of 10,000 is 0.01 %: a bar of at least one unit, so the stage does not look empty.
    await expect(barWidths(funnels[8]!)).toEqual([100, 1, 1, 1]);
    await expect(funnels[8]).toHaveAccessibleName(/10,000 people contacted, 1 opened \(0\.01%\)/);
    for (const svg of funnels)
      for (const width of barWidths(svg)) await expect(width).toBeLessThanOrEqual(100);
    // The wide funnel names each stage with its count.
    const wide = funnels[13]!.parentElement!;
    await expect(wide).toHaveTextContent(
      'Contacted 1,234,567Opened 234,567Clicked 34,567Answered 4,567',
    );
    // Nothing spills out of the catalogue (the unbroken name wraps in its column).
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** French sentence, stage names and number format (narrow no-break spaces, decimal comma). */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const funnels = within(canvasElement).getAllByTestId('campaign-funnel');
    await expect(funnels[0]).toHaveAccessibleName(
      /^Entonnoir de Relance e-mail\u00a0: 75 personnes contactées, 45 ouvertures \(60,00\s%\), 11 clics \(14,67\s%\), 3 réponses \(4,00\s%\)\.$/,
    );
    await expect(funnels[2]).toHaveAccessibleName(/0 personne contactée/);
    await expect(funnels[13]!.parentElement).toHaveTextContent(
      /^Contactés 1\s234\s567Ouverts 234\s567Cliqués 34\s567Réponses 4\s567$/,
    );
  },
};

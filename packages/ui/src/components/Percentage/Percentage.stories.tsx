import type { Meta, StoryObj } from '@storybook/react-vite';
import { Percentage } from './Percentage';

const meta = {
  title: 'Components/Percentage',
  component: Percentage,
  tags: ['autodocs'],
  args: { value: 42.1234, locale: 'en' },
  argTypes: { locale: { control: 'inline-radio', options: ['en', 'fr'] } },
} satisfies Meta<typeof Percentage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Positive: Story = {};
export const Zero: Story = { args: { value: 0 } };
export const French: Story = { args: { locale: 'fr' } };
export const FromPartAndWhole: Story = { args: { value: undefined, part: 37, whole: 120 } };
// Ends on the same picture as Zero: that story's baseline guards it; this one's play and a11y still run.
export const EmptyDenominator: Story = {
  tags: ['no-visual'],
  args: { value: undefined, part: 4, whole: 0 },
};
export const Table: Story = {
  render: () => (
    <table>
      <tbody>
        {[
          [120, 37],
          [37, 5],
          [37, 0],
          [0, 0],
        ].map(([whole, part]) => (
          <tr key={`${whole}-${part}`}>
            <td>{`${part} / ${whole}`}</td>
            <td>
              <Percentage part={part} whole={whole} locale="en" />
            </td>
            <td>
              <Percentage part={part} whole={whole} locale="fr" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
};

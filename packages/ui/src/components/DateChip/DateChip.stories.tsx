import type { Meta, StoryObj } from '@storybook/react-vite';
import { dateFormats } from './format';
import { DateChip } from './DateChip';

const meta = {
  title: 'Components/DateChip',
  component: DateChip,
  tags: ['autodocs'],
  args: { date: '2026-03-05T13:07:00Z', locale: 'en' },
  argTypes: { format: { control: 'inline-radio', options: dateFormats }, locale: { control: 'inline-radio', options: ['en', 'fr'] } },
} satisfies Meta<typeof DateChip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const French: Story = { args: { locale: 'fr', date: '2026-09-23T08:45:00Z' } };
export const DateOnly: Story = { args: { format: 'date' } };
export const WithIcon: Story = { args: { showIcon: true } };
export const InvalidDate: Story = { args: { date: 'not-a-date', invalidLabel: 'Unknown date' } };
export const LongestMonthFrench: Story = { args: { locale: 'fr', date: '2026-09-30T21:59:00Z' } };

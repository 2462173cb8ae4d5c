import type { Meta, StoryObj } from '@storybook/react-vite';
import { DateChip } from './DateChip';

// The app formats dates (§1: Europe/Zurich, 'dd MMMM yyyy - HH:mm', in @prospecta/domain); the chip shows them.
const meta = {
  title: 'Components/DateChip',
  component: DateChip,
  tags: ['autodocs'],
  args: { label: '05 March 2026 - 14:07', dateTime: '2026-03-05T13:07:00.000Z' },
} satisfies Meta<typeof DateChip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const French: Story = {
  args: { label: '23 septembre 2026 - 10:45', dateTime: '2026-09-23T08:45:00.000Z' },
};
export const DateOnly: Story = { args: { label: '05 March 2026' } };
export const WithIcon: Story = { args: { showIcon: true } };
export const InvalidDate: Story = { args: { label: 'Unknown date', dateTime: undefined } };
export const LongestMonthFrench: Story = {
  args: { label: '30 septembre 2026 - 23:59', dateTime: '2026-09-30T21:59:00.000Z' },
};

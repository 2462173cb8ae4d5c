import type { Meta, StoryObj } from '@storybook/react-vite';
import { Search } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { TextField, textFieldTypes } from './TextField';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Email', name: 'email', placeholder: 'name@company.com' },
  argTypes: { type: { control: 'select', options: textFieldTypes } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Filled: Story = { args: { defaultValue: 'customer@example.com' } };
export const WithHint: Story = { args: { hint: 'We never share your address.' } };
export const Required: Story = { args: { required: true } };
export const Error: Story = {
  args: { defaultValue: 'not-an-email', error: 'The email address does not seem valid.' },
};
export const ErrorFrench: Story = {
  args: {
    label: 'E-mail',
    defaultValue: 'pas-un-email',
    error: "L'adresse e-mail ne semble pas valide.",
  },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'customer@example.com' } };
export const SearchWithIcon: Story = {
  args: {
    label: 'Search',
    hideLabel: true,
    type: 'search',
    placeholder: 'Search a prospect',
    startAdornment: <Search size={16} />,
  },
};
export const LongLabelAndValue: Story = {
  args: {
    label: 'Adresse e-mail professionnelle utilisée pour envoyer les campagnes de prospection',
    defaultValue:
      'averyveryveryveryveryverylongaddresswithoutanybreaks@averyveryverylongdomainname.example.com',
    error: 'Cetteadresseestbeaucouptroplonguepourêtreaffichéesurunelignesanscoupure',
  },
};

export const TypingUpdatesTheValue: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await userEvent.type(input, 'staff@example.com');
    await expect(input).toHaveValue('staff@example.com');
  },
};

export const ErrorIsLinkedToTheInput: Story = {
  args: { error: 'Required' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Required');
  },
};

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByLabelText('Email')).toHaveFocus();
  },
};

export const Hover: Story = {
  // Ends on the same picture as Default: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByLabelText('Email'));
  },
};

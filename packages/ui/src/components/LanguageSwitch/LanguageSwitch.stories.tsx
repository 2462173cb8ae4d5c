import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LanguageSwitch, type Language } from './LanguageSwitch';

const meta = {
  title: 'Components/LanguageSwitch',
  component: LanguageSwitch,
  tags: ['autodocs'],
  args: { value: 'en', label: 'Language', languageNames: { fr: 'Français', en: 'English' }, onValueChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState<Language>(args.value);
    return (
      <LanguageSwitch
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof LanguageSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const French: Story = { args: { value: 'fr', label: 'Langue' } };
export const FlagsOnly: Story = { args: { showCode: false } };

export const ClickingAFlagSwitches: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Français' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('fr');
    await expect(canvas.getByRole('radio', { name: 'Français' })).toBeChecked();
  },
};

export const ClickingTheCurrentLanguageKeepsIt: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'English' }));
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(canvas.getByRole('radio', { name: 'English' })).toBeChecked();
  },
};

export const KeyboardSwitches: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'English' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('radio', { name: 'Français' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onValueChange).toHaveBeenCalledWith('fr');
  },
};

export const HoverOnTheOtherLanguage: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('radio', { name: 'Français' }));
  },
};

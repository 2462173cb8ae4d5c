import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LanguageSwitch, type Language } from './LanguageSwitch';

const meta = {
  title: 'Components/LanguageSwitch',
  component: LanguageSwitch,
  tags: ['autodocs'],
  args: {
    value: 'en',
    label: 'Language',
    languageNames: { fr: 'Français', en: 'English' },
    onValueChange: fn(),
  },
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
  // Ends on the same picture as ClickingAFlagSwitches: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
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

/** Arrow keys wrap around and Home / End jump, without choosing; the chosen language stays the tab stop. */
export const KeyboardMovesWithoutChoosing: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const english = canvas.getByRole('radio', { name: 'English' });
    const french = canvas.getByRole('radio', { name: 'Français' });
    await expect(canvas.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    await expect(english).toHaveAttribute('tabindex', '0');
    await expect(french).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    await expect(french).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(english).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(french).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(english).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(french).toHaveFocus();
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(english).toBeChecked();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('fr');
    await expect(french).toHaveAttribute('tabindex', '0');
  },
};

export const HoverOnTheOtherLanguage: Story = {
  // Ends on the same picture as English: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('radio', { name: 'Français' }));
  },
};

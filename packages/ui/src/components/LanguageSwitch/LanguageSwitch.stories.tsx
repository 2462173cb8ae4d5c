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

/**
 * Presses a key the way a hand does, down then up a moment later: the group moves the focus just after the key goes
 * down, and a radio chooses what an arrow key focused while that key is down.
 */
const press = async (key: string) => {
  await userEvent.keyboard(`{${key}>}`);
  await new Promise((resolve) => setTimeout(resolve, 20));
  await userEvent.keyboard(`{/${key}}`);
};

/** Tab reaches the chosen language; an arrow key moves to the other flag and chooses it (the radio-group pattern). */
export const KeyboardSwitches: Story = {
  // Ends on the same picture as ClickingAFlagSwitches: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'English' })).toHaveFocus();
    await press('ArrowLeft');
    await expect(canvas.getByRole('radio', { name: 'Français' })).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenCalledWith('fr');
    await expect(canvas.getByRole('radio', { name: 'Français' })).toBeChecked();
  },
};

/**
 * Arrow keys in either direction wrap around and choose the flag they reach; the chosen language is the only tab stop.
 */
export const ArrowKeysChoose: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const english = canvas.getByRole('radio', { name: 'English' });
    const french = canvas.getByRole('radio', { name: 'Français' });
    await expect(canvas.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    await userEvent.tab();
    await expect(english).toHaveFocus();
    await press('ArrowRight');
    await expect(french).toHaveFocus();
    await expect(french).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('fr');
    await press('ArrowDown');
    await expect(english).toHaveFocus();
    await expect(english).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('en');
    await press('ArrowUp');
    await expect(french).toBeChecked();
    await expect(french).toHaveAttribute('tabindex', '0');
    await expect(english).toHaveAttribute('tabindex', '-1');
    await expect(args.onValueChange).toHaveBeenCalledTimes(3);
  },
};

export const HoverOnTheOtherLanguage: Story = {
  // Ends on the same picture as English: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('radio', { name: 'Français' }));
  },
};

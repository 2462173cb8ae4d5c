import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withApp } from '../../testing/decorators';
import { TutorialDialog } from './TutorialDialog';

const meta = {
  title: 'Screens/Shell/Tutorial',
  component: TutorialDialog,
  decorators: [withApp],
  args: { open: true, onDone: fn() },
} satisfies Meta<typeof TutorialDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Steps forward and back, then finish. */
export const Steps: Story = {
  play: async ({ args }) => {
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: 'New features in version 2.3.5' }),
    );
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Previous' }));
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Got it' }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

/** Skipping also counts as done (the version is stored). */
export const Skip: Story = {
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Skip' }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async () => {
    await expect(
      await within(document.body).findByRole('dialog', { name: 'Nouveautés de la version 2.3.5' }),
    ).toBeVisible();
  },
};

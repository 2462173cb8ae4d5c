import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { makeOnboardingSubmission } from '@prospecta/api-client/fixtures';
import { withApp } from '../../testing/decorators';
import { TUTORIAL_SEEN } from '../../testing/stories';
import { staffUser } from '../../testing/users';
import { OnboardingAnswers } from './OnboardingAnswers';

const meta = {
  title: 'Screens/Onboarding/Answers (staff)',
  component: OnboardingAnswers,
  decorators: [withApp],
  args: { submission: makeOnboardingSubmission(), name: 'Élodie Lefèvre' },
  parameters: { app: { user: staffUser, preferences: TUTORIAL_SEEN } },
} satisfies Meta<typeof OnboardingAnswers>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Staff viewing a customer's info tab: the customer's answers. */
export const Answers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Livraison avant 8 h', { exact: false })).toBeVisible();
    await expect(canvas.getByText(/presentation\.pdf/)).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Change the answers of Élodie Lefèvre' }),
    ).toHaveAttribute('href', '/onboarding');
  },
};
export const AnswersFrench: Story = { globals: { locale: 'fr' } };
export const NotAnsweredYet: Story = {
  args: { submission: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Élodie Lefèvre has not answered the questionnaire yet.'),
    ).toBeVisible();
    // Staff can fill it in for the customer on /onboarding (which works on the viewed customer).
    await expect(
      canvas.getByRole('link', { name: 'Fill in the questionnaire for Élodie Lefèvre' }),
    ).toHaveAttribute('href', '/onboarding');
  },
};
export const NotAnsweredYetFrench: Story = {
  args: { submission: null },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', {
        name: 'Remplir le questionnaire pour Élodie Lefèvre',
      }),
    ).toBeVisible();
  },
};

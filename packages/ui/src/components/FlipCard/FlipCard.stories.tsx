import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { Card } from '../Card';
import { PasswordField } from '../PasswordField';
import { TextField } from '../TextField';
import { FlipCard } from './FlipCard';

function LoginResetPair({ initiallyFlipped = false }: { initiallyFlipped?: boolean }) {
  const [flipped, setFlipped] = useState(initiallyFlipped);
  return (
    <div style={{ maxWidth: 380 }}>
      <FlipCard
        flipped={flipped}
        front={
          <Card title="Sign in" elevation="raised" titleLevel={1}>
            <TextField label="Email" type="email" name="email" />
            <PasswordField
              label="Password"
              name="password"
              showPasswordLabel="Show password"
              hidePasswordLabel="Hide password"
            />
            <Button fullWidth type="submit">
              Sign in
            </Button>
            <Button variant="ghost" onClick={() => setFlipped(true)}>
              Forgot your password?
            </Button>
          </Card>
        }
        back={
          <Card
            title="Reset your password"
            elevation="raised"
            titleLevel={1}
            description="We will send you a link to choose a new password."
          >
            <TextField label="Email address" type="email" name="reset-email" />
            <Button fullWidth type="submit">
              Send the link
            </Button>
            <Button variant="ghost" onClick={() => setFlipped(false)}>
              Back to sign in
            </Button>
          </Card>
        }
      />
    </div>
  );
}

const meta = {
  title: 'Components/FlipCard',
  component: FlipCard,
  tags: ['autodocs'],
  args: { flipped: false, front: null, back: null },
  render: () => <LoginResetPair />,
} satisfies Meta<typeof FlipCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoginFace: Story = {};
export const ResetFace: Story = { render: () => <LoginResetPair initiallyFlipped /> };

export const FlipsAndHidesTheOtherFace: Story = {
  // Ends on the same picture as LoginFace: that story's baseline guards it; this one's play and a11y still run.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('heading', { name: 'Reset your password' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Forgot your password?' }));
    await expect(canvas.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to sign in' }));
    await expect(canvas.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  },
};

export const HiddenFaceIsNotFocusable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByLabelText('Email')).toHaveFocus();
    for (let i = 0; i < 4; i += 1) await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Forgot your password?' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvasElement.ownerDocument.activeElement).not.toBe(
      canvas.getByLabelText('Email address', { selector: 'input' }),
    );
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button';
import { Notice } from './Notice';

const meta = {
  title: 'Components/Notice',
  component: Notice,
  tags: ['autodocs'],
  args: {
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has moved.',
  },
} satisfies Meta<typeof Notice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A missing page: the decorative mark is hidden from screen readers, the two ways out sit side by side. */
export const PageNotFound: Story = {
  args: {
    mark: '404',
    actions: (
      <>
        <Button variant="secondary">Back</Button>
        <Button>Home</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByText('404')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
  },
};

/** A failure the user did not ask to see is an alert, with its technical detail and one way forward. */
export const FailureWithDetail: Story = {
  args: {
    role: 'alert',
    title: 'The application could not start',
    description:
      'Its configuration could not be loaded. Check your connection and reload the page.',
    detail: 'GET /config.json answered 503',
    children: <Button>Reload the page</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('GET /config.json answered 503');
  },
};

export const French: Story = {
  args: {
    mark: '404',
    title: 'Page introuvable',
    description: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    actions: (
      <>
        <Button variant="secondary">Retour</Button>
        <Button>Accueil</Button>
      </>
    ),
  },
};

/** A long unbroken word wraps inside the panel instead of widening the page. */
export const LongUnbrokenText: Story = {
  args: {
    title: 'Cetteadresseestintrouvablesurceserveurcetteadresseestintrouvable',
    detail:
      'https://app.example.com/users/1234567890/campaigns/abcdefghijklmnopqrstuvwxyz0123456789',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { withApp } from '../../testing/decorators';
import { atWidth, backToTop, WIDTH_VIEWPORTS } from '../../testing/stories';
import { LandingPagesEditor, type LandingPagesEditorProps } from './LandingPagesEditor';
import { landingPagesOf } from './stories.fixtures';

/** The editor as the builder holds it: the pages in state, every change kept. */
function Harness(props: LandingPagesEditorProps) {
  const [pages, setPages] = useState(props.landingPages);
  return (
    <div style={{ padding: 16 }}>
      <LandingPagesEditor {...props} landingPages={pages} onChange={setPages} />
    </div>
  );
}

const meta = {
  title: 'Screens/AI wizard/Landing pages editor',
  component: LandingPagesEditor,
  decorators: [withApp],
  render: (args) => <Harness {...args} />,
  args: { landingPages: [], onChange: () => undefined },
  globals: atWidth(1280),
  parameters: { layout: 'fullscreen', viewport: WIDTH_VIEWPORTS },
} satisfies Meta<typeof LandingPagesEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const pageAt = (canvas: Canvas, index: number) =>
  within(canvas.getAllByTestId('landing-page')[index] as HTMLElement);

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No landing page yet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add a landing page' })).toBeVisible();
  },
};

/**
 * Adding a page puts the focus in its name; the key follows the name until staff write their own, the address is
 * checked (http or https) and the final address shows with the UTM parameters.
 */
export const AddAPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a landing page' }));
    const page = pageAt(canvas, 0);
    const name = page.getByLabelText(/^Name/);
    await expect(name).toHaveFocus();
    await expect(page.getByLabelText(/^Key used by the links/)).toHaveValue('page');
    await userEvent.type(name, 'Online démo');
    await expect(page.getByLabelText(/^Key used by the links/)).toHaveValue('online-demo');
    await userEvent.type(page.getByLabelText(/^Address/), 'https://example.com/demo');
    await userEvent.type(page.getByLabelText('UTM source'), 'prospecta');
    await expect(page.getByTestId('final-url')).toHaveTextContent(
      'https://example.com/demo?utm_source=prospecta',
    );
    await expect(page.getByRole('heading', { name: 'Landing page 1: Online démo' })).toBeVisible();
    backToTop();
  },
};

export const Filled: Story = {
  args: { landingPages: landingPagesOf('en') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('landing-page')).toHaveLength(2);
    await expect(pageAt(canvas, 1).getByTestId('final-url')).toHaveTextContent(
      'https://example.com/pricing?plan=team&utm_source=prospecta&utm_medium=email&utm_content=follow-up&utm_term=crm',
    );
  },
};

export const FilledFrenchPhone: Story = {
  args: { landingPages: landingPagesOf('fr') },
  globals: { locale: 'fr', ...atWidth(390) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Page d’atterrissage 1\u00a0: Démo en ligne' }),
    ).toBeVisible();
  },
};

/** A wrong address and a key another page uses: each field says what is wrong, and no final address shows. */
export const InvalidUrl: Story = {
  args: { landingPages: landingPagesOf('en') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const second = pageAt(canvas, 1);
    const url = second.getByLabelText(/^Address/);
    await userEvent.clear(url);
    await userEvent.type(url, 'www.example.com/pricing');
    await expect(url).toHaveAccessibleDescription(
      'Enter an address that starts with http:// or https://, without spaces.',
    );
    await expect(
      second.getByText('The final address shows once the address is valid.'),
    ).toBeVisible();
    const key = second.getByLabelText(/^Key used by the links/);
    await userEvent.clear(key);
    await userEvent.type(key, 'demo');
    await expect(second.getByText('Another landing page already uses this key.')).toBeVisible();
    backToTop();
  },
};

export const InvalidUrlFrench: Story = {
  args: {
    landingPages: [{ ...landingPagesOf('fr')[0]!, url: 'ftp://example.com/demo', key: 'Démo' }],
  },
  globals: { locale: 'fr', ...atWidth(1280) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Saisissez une adresse qui commence par http:// ou https://, sans espace.'),
    ).toBeVisible();
    await expect(canvas.getByText(/^Utilisez seulement des lettres minuscules/)).toBeVisible();
  },
};

/** Deleting moves the focus to "Undo", which puts the page back where it was. */
export const DeleteWithUndo: Story = {
  args: { landingPages: landingPagesOf('en') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete landing page 1' }));
    await expect(canvas.getAllByTestId('landing-page')).toHaveLength(1);
    await expect(canvas.getByTestId('landing-pages-status')).toHaveTextContent(
      'Landing page 1 deleted.',
    );
    const undo = canvas.getByRole('button', { name: 'Undo' });
    await expect(undo).toHaveFocus();
    await userEvent.click(undo);
    await expect(
      pageAt(canvas, 0).getByRole('heading', { name: 'Landing page 1: Online demo' }),
    ).toBeVisible();
    backToTop();
  },
};

/** Read-only: fields disabled, no add or delete. */
export const Disabled: Story = {
  args: { landingPages: landingPagesOf('en'), disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole('button')).toEqual([]);
    for (const field of canvas.getAllByRole('textbox')) await expect(field).toBeDisabled();
  },
};

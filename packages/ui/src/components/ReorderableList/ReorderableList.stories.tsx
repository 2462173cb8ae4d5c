import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Card } from '../Card';
import { ReorderableList, ReorderButtons } from './ReorderableList';

const TASKS = ['Write the brief', 'Draft the first e-mail', 'Add a landing page', 'Launch'];

function Tasks({ initial = TASKS, disabled = false }: { initial?: string[]; disabled?: boolean }) {
  const [items, setItems] = useState(initial);
  return (
    <ReorderableList
      items={items}
      getKey={(item) => item}
      label="Tasks"
      disabled={disabled}
      onMove={(from, to) =>
        setItems((all) => {
          const next = [...all];
          const [moved] = next.splice(from, 1);
          next.splice(to, 0, moved as string);
          return next;
        })
      }
      announceMove={(item, to, total) => `“${item}” moved to position ${to + 1} of ${total}.`}
      renderItem={(item, handle) => (
        <Card
          title={`${handle.index + 1}. ${item}`}
          titleLevel={3}
          actions={
            <ReorderButtons
              handle={handle}
              upLabel={`Move “${item}” up`}
              downLabel={`Move “${item}” down`}
            />
          }
        >
          <label>
            {'Notes '}
            <input aria-label={`Notes for “${item}”`} disabled={disabled} />
          </label>
        </Card>
      )}
    />
  );
}

const meta = {
  title: 'Components/ReorderableList',
  component: Tasks,
  tags: ['autodocs'],
} satisfies Meta<typeof Tasks>;
export default meta;
type Story = StoryObj<typeof meta>;

const order = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('heading', { level: 3 }).map((heading: HTMLElement) => heading.textContent);

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Tasks' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Move “Write the brief” up' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Move “Launch” down' })).toBeDisabled();
  },
};

/** Alt+ArrowUp in an item's field moves the item, keeps the focus in the field and announces the new place. */
export const KeyboardMovesTheFocusedItem: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notes = canvas.getByRole('textbox', { name: 'Notes for “Add a landing page”' });
    await userEvent.click(notes);
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await expect(order(canvas)).toEqual([
      '1. Write the brief',
      '2. Add a landing page',
      '3. Draft the first e-mail',
      '4. Launch',
    ]);
    await expect(notes).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      '“Add a landing page” moved to position 2 of 4.',
    );
    await userEvent.keyboard('{Alt>}{Home}{/Alt}');
    await expect(order(canvas)[0]).toBe('1. Add a landing page');
    await userEvent.keyboard('{Alt>}{End}{/Alt}');
    await expect(order(canvas)[3]).toBe('4. Add a landing page');
  },
};

/** The down button moves the item; at the end its button is disabled and the focus stays on the item. */
export const ButtonsMoveAndKeepTheFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Move “Add a landing page” down' }));
    await expect(order(canvas)[3]).toBe('4. Add a landing page');
    await expect(
      canvas.getByRole('button', { name: 'Move “Add a landing page” down' }),
    ).toBeDisabled();
    await expect(canvas.getAllByRole('listitem')[3]).toHaveFocus();
  },
};

/** Read-only: every button is disabled and the keys move nothing. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
    await expect(order(canvas)[0]).toBe('1. Write the brief');
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: {
    initial: [
      'A long task name that wraps on a phone’s narrow screen without hiding the buttons',
      'Short',
    ],
  },
};

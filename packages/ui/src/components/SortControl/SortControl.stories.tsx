import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import type { SortState } from '../Table/sort';
import { SortControl } from './SortControl';

type Field = 'first_name' | 'last_name' | 'company';

const english = {
  label: 'Sort by',
  options: [
    { value: 'first_name', label: 'First name' },
    { value: 'last_name', label: 'Last name' },
    { value: 'company', label: 'Company' },
  ],
  directionLabels: { asc: 'Ascending order', desc: 'Descending order' },
  directionTitle: 'Change the sort direction',
} as const;

/** Holds the sort, as the screens do. */
function Controlled(
  props: Omit<Parameters<typeof SortControl<Field>>[0], 'sort' | 'onSortChange'> & {
    initial: SortState<Field>;
  },
) {
  const { initial, ...rest } = props;
  const [sort, setSort] = useState(initial);
  return (
    <>
      <SortControl<Field> {...rest} sort={sort} onSortChange={setSort} />
      <p data-testid="sort">{`${sort.key} ${sort.direction}`}</p>
    </>
  );
}

const meta = {
  title: 'Components/SortControl',
  component: Controlled,
  tags: ['autodocs'],
  args: { ...english, initial: { key: 'first_name', direction: 'asc' } },
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Another field keeps the direction; the button turns it round and says the direction now in force. */
export const ChooseFieldThenDirection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Company' }),
    );
    await expect(canvas.getByTestId('sort')).toHaveTextContent('company asc');
    await userEvent.click(canvas.getByRole('button', { name: 'Ascending order' }));
    await expect(canvas.getByTestId('sort')).toHaveTextContent('company desc');
    await expect(canvas.getByRole('button', { name: 'Descending order' })).toHaveAttribute(
      'title',
      'Change the sort direction',
    );
  },
};

export const French: Story = {
  args: {
    label: 'Trier par',
    options: [
      { value: 'first_name', label: 'Prénom' },
      { value: 'last_name', label: 'Nom' },
      { value: 'company', label: 'Entreprise' },
    ],
    directionLabels: { asc: 'Ordre croissant', desc: 'Ordre décroissant' },
    directionTitle: 'Changer le sens du tri',
    initial: { key: 'last_name', direction: 'desc' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Trier par' })).toHaveTextContent('Nom');
    await expect(canvas.getByRole('button', { name: 'Ordre décroissant' })).toBeVisible();
  },
};

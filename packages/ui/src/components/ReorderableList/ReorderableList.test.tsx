import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ReorderableList, ReorderButtons, reorderTarget } from './ReorderableList';

const alt = (key: string) => ({
  key,
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
});

describe('reorderTarget', () => {
  it('moves one place with Alt and the arrows, to the ends with Alt and Home or End', () => {
    expect(reorderTarget(alt('ArrowUp'), 2, 4)).toBe(1);
    expect(reorderTarget(alt('ArrowDown'), 2, 4)).toBe(3);
    expect(reorderTarget(alt('Home'), 2, 4)).toBe(0);
    expect(reorderTarget(alt('End'), 1, 4)).toBe(3);
  });

  it('does nothing past the ends, without Alt or with another modifier', () => {
    expect(reorderTarget(alt('ArrowUp'), 0, 4)).toBeNull();
    expect(reorderTarget(alt('ArrowDown'), 3, 4)).toBeNull();
    expect(reorderTarget(alt('Home'), 0, 4)).toBeNull();
    expect(reorderTarget({ ...alt('ArrowUp'), altKey: false }, 2, 4)).toBeNull();
    expect(reorderTarget({ ...alt('ArrowUp'), shiftKey: true }, 2, 4)).toBeNull();
    expect(reorderTarget(alt('a'), 2, 4)).toBeNull();
  });
});

function Fruits({ disabled = false }: { disabled?: boolean }) {
  const [items, setItems] = useState(['Apple', 'Banana', 'Cherry']);
  return (
    <ReorderableList
      items={items}
      getKey={(item) => item}
      label="Fruits"
      disabled={disabled}
      onMove={(from, to) =>
        setItems((all) => {
          const next = [...all];
          const [moved] = next.splice(from, 1);
          next.splice(to, 0, moved as string);
          return next;
        })
      }
      announceMove={(item, to, total) => `${item} is now ${to + 1} of ${total}.`}
      renderItem={(item, handle) => (
        <>
          <input aria-label={item} defaultValue={item} />
          <ReorderButtons handle={handle} upLabel={`${item} up`} downLabel={`${item} down`} />
        </>
      )}
    />
  );
}

const order = () => screen.getAllByRole('listitem').map((li) => li.dataset.reorderKey);

describe('ReorderableList', () => {
  it('moves the focused item with Alt+Arrow, keeps the focus and announces the move', () => {
    render(<Fruits />);
    const field = screen.getByRole('textbox', { name: 'Cherry' });
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowUp', altKey: true });
    expect(order()).toEqual(['Apple', 'Cherry', 'Banana']);
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole('status')).toHaveTextContent('Cherry is now 2 of 3.');
  });

  it('moves with the buttons and puts the focus on the item when its button can no longer move it', () => {
    render(<Fruits />);
    fireEvent.click(screen.getByRole('button', { name: 'Banana up' }));
    expect(order()).toEqual(['Banana', 'Apple', 'Cherry']);
    expect(screen.getByRole('button', { name: 'Banana up' })).toBeDisabled();
    expect(document.activeElement).toBe(screen.getAllByRole('listitem')[0]);
  });

  it('moves nothing when disabled', () => {
    render(<Fruits disabled />);
    const field = screen.getByRole('textbox', { name: 'Banana' });
    fireEvent.keyDown(field, { key: 'ArrowUp', altKey: true });
    expect(order()).toEqual(['Apple', 'Banana', 'Cherry']);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});

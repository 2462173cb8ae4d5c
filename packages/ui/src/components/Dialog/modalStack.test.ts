import { describe, expect, it, vi } from 'vitest';
import { createModalStack } from './modalStack';

describe('createModalStack', () => {
  it('keeps the most recently opened modal on top', () => {
    const stack = createModalStack();
    stack.push({ id: 'a', close: vi.fn() });
    stack.push({ id: 'b', close: vi.fn() });
    expect(stack.top()?.id).toBe('b');
    expect(stack.isTop('a')).toBe(false);
    expect(stack.isTop('b')).toBe(true);
    expect(stack.ids()).toEqual(['a', 'b']);
  });

  it('closes only the top modal', () => {
    const stack = createModalStack();
    const closeA = vi.fn();
    const closeB = vi.fn();
    stack.push({ id: 'a', close: closeA });
    stack.push({ id: 'b', close: closeB });
    expect(stack.closeTop()).toBe('b');
    expect(closeB).toHaveBeenCalledTimes(1);
    expect(closeA).not.toHaveBeenCalled();
  });

  it('makes the modal below the top once the top is removed', () => {
    const stack = createModalStack();
    stack.push({ id: 'a', close: vi.fn() });
    stack.push({ id: 'b', close: vi.fn() });
    stack.remove('b');
    expect(stack.isTop('a')).toBe(true);
    expect(stack.size()).toBe(1);
  });

  it('moves a re-pushed modal to the top without duplicating it', () => {
    const stack = createModalStack();
    stack.push({ id: 'a', close: vi.fn() });
    stack.push({ id: 'b', close: vi.fn() });
    stack.push({ id: 'a', close: vi.fn() });
    expect(stack.ids()).toEqual(['b', 'a']);
  });

  it('closes every modal, top first', () => {
    const stack = createModalStack();
    const order: string[] = [];
    stack.push({ id: 'a', close: () => order.push('a') });
    stack.push({ id: 'b', close: () => order.push('b') });
    stack.push({ id: 'c', close: () => order.push('c') });
    stack.closeAll();
    expect(order).toEqual(['c', 'b', 'a']);
  });

  it('does nothing on an empty stack', () => {
    const stack = createModalStack();
    expect(stack.closeTop()).toBeUndefined();
    expect(stack.top()).toBeUndefined();
    expect(() => stack.closeAll()).not.toThrow();
  });

  it('notifies subscribers on push and remove, not on removing an unknown id', () => {
    const stack = createModalStack();
    const listener = vi.fn();
    const unsubscribe = stack.subscribe(listener);
    stack.push({ id: 'a', close: vi.fn() });
    stack.remove('zzz');
    stack.remove('a');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    stack.push({ id: 'b', close: vi.fn() });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

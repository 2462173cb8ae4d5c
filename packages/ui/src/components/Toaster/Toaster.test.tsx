import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from './Toaster';

/** Sonner adds toasts on the next tick. */
function show(kind: 'info' | 'success', text: string, id: string) {
  act(() => {
    toast[kind](text, { id });
    vi.advanceTimersByTime(1);
  });
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.useRealTimers();
  });

  it('labels the region with the label prop', async () => {
    render(<Toaster label="Notifications Alt+T" />);
    show('info', 'Hello', 'label');
    expect(screen.getByRole('region', { name: 'Notifications Alt+T' })).toContainElement(
      screen.getByText('Hello'),
    );
  });

  it('auto-closes after 5000 ms', async () => {
    render(<Toaster label="Notifications Alt+T" />);
    show('success', 'Saved', 'auto');
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('pauses while the window has no focus and resumes on focus', async () => {
    render(<Toaster label="Notifications Alt+T" />);
    show('success', 'Paused', 'blur');
    expect(screen.getByText('Paused')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
      window.dispatchEvent(new Event('blur'));
    });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('Paused')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText('Paused')).toBeNull();
  });
});

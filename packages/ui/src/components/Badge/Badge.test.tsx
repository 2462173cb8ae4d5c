import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnreadBadge, unreadBadgeText } from './Badge';

describe('unreadBadgeText', () => {
  it('shows the count when known', () => {
    expect(unreadBadgeText(3, true)).toBe('3');
    expect(unreadBadgeText(99, true)).toBe('99');
  });
  it('caps large counts', () => {
    expect(unreadBadgeText(100, true)).toBe('99+');
    expect(unreadBadgeText(12, true, 9)).toBe('9+');
  });
  it('shows nothing for zero, negative, missing or non-finite counts', () => {
    expect(unreadBadgeText(0, true)).toBeNull();
    expect(unreadBadgeText(-2, true)).toBeNull();
    expect(unreadBadgeText(undefined, true)).toBeNull();
    expect(unreadBadgeText(null, true)).toBeNull();
    expect(unreadBadgeText(Number.NaN, true)).toBeNull();
  });
  it('shows "?" when the count is not known (another user is viewed)', () => {
    expect(unreadBadgeText(5, false)).toBe('?');
    expect(unreadBadgeText(0, false)).toBe('?');
  });
});

describe('UnreadBadge', () => {
  it('renders the count with its accessible label', () => {
    render(<UnreadBadge count={4} label="4 unread answers" />);
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByText('4 unread answers')).toBeInTheDocument();
  });
  it('renders nothing for zero', () => {
    const { container } = render(<UnreadBadge count={0} label="No unread answers" />);
    expect(container).toBeEmptyDOMElement();
  });
  it('renders "?" when unknown', () => {
    render(<UnreadBadge count={7} known={false} label="Unread answers unknown" />);
    expect(screen.getByText('?')).toBeInTheDocument();
    expect(screen.queryByText('7')).toBeNull();
  });
});

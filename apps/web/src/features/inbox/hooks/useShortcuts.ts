import { useEffect, useRef } from 'react';

export type ShortcutKey = 'j' | 'k' | 'Enter' | 'c' | 'l' | 'n' | 'r' | '?';

/** Whether a key press belongs to a field, a menu or a dialog rather than to the page. */
function ignored(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target.closest(
      'input, textarea, select, [role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"]',
    )
  )
    return true;
  // Enter on a button or link is that control's own activation.
  if (event.key === 'Enter' && target.closest('button, a')) return true;
  return false;
}

/** The inbox's keyboard shortcuts (listed in the help dialog): j/k move, Enter opens, c/l/n act, r answers, ? helps. */
export function useShortcuts(handlers: Partial<Record<ShortcutKey, () => void>>, enabled = true) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      // A modal of the app (prospect details, a confirmation) is open: the page's shortcuts wait.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const key = event.key as ShortcutKey;
      const handler = ref.current[key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

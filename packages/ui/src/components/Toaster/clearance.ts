/**
 * What toasts never cover: the app's top bar and an open dialog's header (its title and close button). Those elements
 * carry this attribute; the toaster keeps its top toasts below the lowest of them (a toast over the × took the click
 * meant for it, and on a phone hid the dialog's title).
 */
export const TOAST_CLEAR = { 'data-toast-clear': '' } as const;

/** The bottom edge, in the window, of the lowest visible element toasts must not cover (0 when there is none). */
export function toastClearance(doc: Document): number {
  let bottom = 0;
  for (const element of doc.querySelectorAll('[data-toast-clear]')) {
    const box = element.getBoundingClientRect();
    if (box.height > 0 && box.bottom > bottom) bottom = box.bottom;
  }
  return Math.ceil(bottom);
}

/**
 * The modal stack (spec §4 "Modals stack"): open dialogs register in order;
 * only the top one reacts to a backdrop click, Escape or its close button,
 * and the app can close every modal at once (e.g. when the session ends).
 * Pure and framework-free so it is unit-tested on its own.
 */
export interface ModalEntry {
  id: string;
  close: () => void;
}

export interface ModalStack {
  push(entry: ModalEntry): void;
  remove(id: string): void;
  top(): ModalEntry | undefined;
  isTop(id: string): boolean;
  size(): number;
  ids(): readonly string[];
  /** Closes the top modal only; returns its id. */
  closeTop(): string | undefined;
  /** Closes every modal, top first. */
  closeAll(): void;
  subscribe(listener: () => void): () => void;
}

export function createModalStack(): ModalStack {
  let entries: ModalEntry[] = [];
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    push(entry) {
      entries = [...entries.filter((e) => e.id !== entry.id), entry];
      notify();
    },
    remove(id) {
      const next = entries.filter((e) => e.id !== id);
      if (next.length !== entries.length) {
        entries = next;
        notify();
      }
    },
    top: () => entries[entries.length - 1],
    isTop: (id) => entries[entries.length - 1]?.id === id,
    size: () => entries.length,
    ids: () => entries.map((e) => e.id),
    closeTop() {
      const top = entries[entries.length - 1];
      top?.close();
      return top?.id;
    },
    closeAll() {
      [...entries].reverse().forEach((entry) => entry.close());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

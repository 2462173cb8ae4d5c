import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { createModalStack, type ModalStack } from './modalStack';

/** Used when no provider is mounted, so a lone Dialog still works. */
const defaultStack = createModalStack();
const ModalStackContext = createContext<ModalStack>(defaultStack);

export interface ModalStackProviderProps {
  children: ReactNode;
  /** Inject a stack (tests); a fresh one is created otherwise. */
  stack?: ModalStack;
}

export function ModalStackProvider({ children, stack }: ModalStackProviderProps) {
  const value = useMemo(() => stack ?? createModalStack(), [stack]);
  return <ModalStackContext.Provider value={value}>{children}</ModalStackContext.Provider>;
}

/** The raw stack, for Dialog's own use. */
export function useModalStackInstance(): ModalStack {
  return useContext(ModalStackContext);
}

/** What the app needs: how many modals are open, close the top one, close all (e.g. on sign-out). */
export function useModalStack() {
  const stack = useContext(ModalStackContext);
  const size = useSyncExternalStore(stack.subscribe, stack.size, stack.size);
  return useMemo(
    () => ({ size, closeTop: stack.closeTop, closeAll: stack.closeAll }),
    [size, stack],
  );
}

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { APP_VERSION } from '@prospecta/domain';
import { usePreference } from '../../core/hooks';
import { TutorialDialog } from './TutorialDialog';
import { shouldShowTutorial } from './version';

interface TutorialContextValue {
  /** Reopens the tutorial (the sidebar's 'new features' button). */
  open(): void;
  /** Whether the tutorial is showing (what shows after sign-in waits for it). */
  isOpen: boolean;
}

const TutorialContext = createContext<TutorialContextValue | null>(null);

export function useTutorial(): TutorialContextValue {
  const value = useContext(TutorialContext);
  if (!value) throw new Error('useTutorial must be used inside TutorialProvider.');
  return value;
}

/** Shows the tutorial on its own when the stored version asks for it (§4); stores the version when done. */
export function TutorialProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = usePreference('appVersion');
  const [reopened, setReopened] = useState(false);
  const open = reopened || shouldShowTutorial(stored);
  const onDone = useCallback(() => {
    setStored(APP_VERSION);
    setReopened(false);
  }, [setStored]);
  const value = useMemo(() => ({ open: () => setReopened(true), isOpen: open }), [open]);
  return (
    <TutorialContext.Provider value={value}>
      {children}
      <TutorialDialog open={open} onDone={onDone} />
    </TutorialContext.Provider>
  );
}

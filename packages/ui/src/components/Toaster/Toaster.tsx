import { useEffect, useRef, useState } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { vars } from '../../theme/contract.css';
import { toastClearance } from './clearance';

export { toast };

/** The §9 defaults, exported so the app and tests read the same numbers. */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  duration: 5000,
  width: 320,
  hotkey: ['altKey', 'KeyT'],
} as const;

export const toastPositions = [
  'top-right',
  'top-center',
  'top-left',
  'bottom-right',
  'bottom-center',
  'bottom-left',
] as const;
export type ToastPosition = (typeof toastPositions)[number];

export interface ToasterProps {
  /** Accessible name of the notification region, e.g. "Notifications Alt+T" (translated by the app). */
  label: string;
  /** Accessible name of each toast's close button, e.g. "Close". */
  closeLabel?: string;
  position?: ToastPosition;
  duration?: number;
}

/**
 * Pauses the auto-close timers while the window has no focus (§9: pause on window
 * focus loss). Sonner pauses while the pointer is over the list (it "expands");
 * we trigger the same state on window blur and release it on focus.
 */
function usePauseOnWindowBlur(ref: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const list = () =>
      ref.current?.ownerDocument.querySelector<HTMLElement>('[data-sonner-toaster]');
    const onBlur = () => list()?.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    const onFocus = () => {
      const el = list();
      if (el && !el.matches(':hover')) {
        el.dispatchEvent(
          new MouseEvent('mouseout', { bubbles: true, relatedTarget: el.ownerDocument.body }),
        );
      }
    };
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, [ref]);
}

/** Sonner's own distance from the window's top edge, on a wide screen and on a phone. */
const EDGE = { desktop: 24, mobile: 16 } as const;
/** Room between a toast and the header or top bar above it. */
const GAP = 8;

/**
 * The top toasts' distance from the window's top: below the top bar and below an open dialog's header (see
 * clearance.ts), measured again when a dialog opens or closes (Radix portals them to the body), after its opening
 * animation, on resize and on scroll.
 */
function useTopClearance(ref: React.RefObject<HTMLDivElement | null>) {
  const [clearance, setClearance] = useState(0);
  useEffect(() => {
    const doc = ref.current?.ownerDocument;
    if (!doc) return undefined;
    const view = doc.defaultView ?? window;
    let frame = 0;
    const measure = () => {
      view.cancelAnimationFrame(frame);
      frame = view.requestAnimationFrame(() => setClearance(toastClearance(doc)));
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(doc.body, { childList: true });
    view.addEventListener('resize', measure);
    doc.addEventListener('scroll', measure, { capture: true, passive: true });
    doc.addEventListener('animationend', measure, true);
    return () => {
      view.cancelAnimationFrame(frame);
      observer.disconnect();
      view.removeEventListener('resize', measure);
      doc.removeEventListener('scroll', measure, { capture: true });
      doc.removeEventListener('animationend', measure, true);
    };
  }, [ref]);
  return clearance;
}

/**
 * The one toast region: top-right (below the top bar and an open dialog's header), 5000 ms, pauses on hover and on window blur,
 * swipe to dismiss, Alt+T focuses it, 320 px wide. Info, success, warning and error
 * toasts come from `toast.info/success/warning/error(message)`.
 */
export function Toaster({
  label,
  closeLabel,
  position = TOAST_DEFAULTS.position,
  duration = TOAST_DEFAULTS.duration,
}: ToasterProps) {
  const anchor = useRef<HTMLDivElement>(null);
  usePauseOnWindowBlur(anchor);
  const clearance = useTopClearance(anchor);
  return (
    <div ref={anchor} style={{ display: 'contents' }}>
      <SonnerToaster
        position={position}
        duration={duration}
        hotkey={[...TOAST_DEFAULTS.hotkey]}
        customAriaLabel={label}
        offset={{ top: Math.max(EDGE.desktop, clearance + GAP) }}
        mobileOffset={{ top: Math.max(EDGE.mobile, clearance + GAP) }}
        closeButton={Boolean(closeLabel)}
        richColors
        theme="light"
        toastOptions={{ closeButtonAriaLabel: closeLabel }}
        style={{
          ['--width' as string]: `${TOAST_DEFAULTS.width}px`,
          fontFamily: vars.font.body,
          // Theme colours instead of sonner's (which miss the AA contrast ratio).
          ['--normal-bg' as string]: vars.color.surface,
          ['--normal-border' as string]: vars.color.border,
          ['--normal-text' as string]: vars.color.text,
          ['--success-bg' as string]: vars.color.successSoft,
          ['--success-border' as string]: vars.color.success,
          ['--success-text' as string]: vars.color.success,
          ['--info-bg' as string]: vars.color.infoSoft,
          ['--info-border' as string]: vars.color.info,
          ['--info-text' as string]: vars.color.info,
          ['--warning-bg' as string]: vars.color.warningSoft,
          ['--warning-border' as string]: vars.color.warning,
          ['--warning-text' as string]: vars.color.warning,
          ['--error-bg' as string]: vars.color.dangerSoft,
          ['--error-border' as string]: vars.color.danger,
          ['--error-text' as string]: vars.color.danger,
          zIndex: vars.zIndex.toast,
          // Stays clickable while a modal dialog disables pointer events on the page.
          pointerEvents: 'auto',
        }}
      />
    </div>
  );
}

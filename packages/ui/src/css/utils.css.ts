import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { focusOutline } from './focus';

/** A class with the focus outline on :focus-visible, 2px outside the element. */
export const focusRing = style({ selectors: { '&:focus-visible': focusOutline(2) } });

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const pulse = keyframes({ '50%': { opacity: 0.5 } });

export const skeleton = style({
  display: 'block',
  height: 14,
  borderRadius: vars.radius.small,
  background: vars.color.skeleton,
  animation: `${pulse} 1.4s ease-in-out infinite`,
});

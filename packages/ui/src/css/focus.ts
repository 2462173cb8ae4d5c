import { vars } from '../theme/contract.css';

/**
 * The one keyboard-focus outline of the product, as a style object for a `'&:focus-visible'` selector (or any
 * other selector): `selectors: { '&:focus-visible': focusOutline(-2) }`. The offset moves it in (negative) or out.
 */
export function focusOutline(offset: number | string = 2) {
  return { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: offset };
}

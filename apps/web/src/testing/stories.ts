import { expect } from 'storybook/test';
import { fixtureHandlers } from '@prospecta/api-client/msw';

/**
 * A page story's default handlers: the reads of the fixture scenario. A story that changes something puts its own
 * handler for that call first (`[mockOperation(…), ...pageHandlers()]`).
 */
export const pageHandlers = () => fixtureHandlers();

/** Preferences of a user who has already seen the 'new features' tutorial. */
export const TUTORIAL_SEEN = { appVersion: '2.3.5' } as const;

/** Storybook globals for a small screen (the viewport addon's phone preset). */
export const SMALL_SCREEN = { viewport: { value: 'mobile1', isRotated: false } } as const;

/**
 * Screen widths the product is checked at: laptops with the sidebar, a small laptop or tablet,
 * a phone. Pass `WIDTH_VIEWPORTS` as `parameters.viewport` and `atWidth(n)` as the story's globals;
 * the story test runner sizes the browser to it.
 */
export const WIDTH_VIEWPORTS = {
  options: Object.fromEntries(
    ([390, 1024, 1280, 1366, 1440, 1536] as const).map((width) => [
      `w${width}`,
      {
        name: `${width} px`,
        styles: { width: `${width}px`, height: '800px' },
        type: width < 768 ? 'mobile' : 'desktop',
      },
    ]),
  ),
} as const;

export const atWidth = (width: 390 | 1024 | 1280 | 1366 | 1440 | 1536) =>
  ({ viewport: { value: `w${width}`, isRotated: false } }) as const;

/**
 * A story again on a 1440 px laptop, in the language it already has: its own play, then the page checked not to
 * scroll sideways. What 1440 px changes (a column stretched, a pane too wide to read, a form lost in the space) shows
 * in its picture; a story adds its own assertion for what it must keep.
 */
export function at1440<S extends { globals?: object; play?: (context: never) => unknown }>(
  story: S,
  check?: (canvasElement: HTMLElement) => Promise<void>,
): S {
  const play = story.play as ((context: { canvasElement: HTMLElement }) => unknown) | undefined;
  const wide = async (context: { canvasElement: HTMLElement }) => {
    await play?.(context);
    const root = context.canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    await check?.(context.canvasElement);
  };
  return { ...story, globals: { ...story.globals, ...atWidth(1440) }, play: wide as S['play'] };
}

/**
 * Ends a story at the top of the page. A focus scrolls the page by what the layout is at that moment, and the browser
 * rounds a fractional scroll one way or the other: the same story was shot at 430 or 431 px, or at 518 or 519 px under
 * load (the visual suite keeps one page from story to story, and a busy machine lays the page out at other moments).
 * A story whose play function leaves the page scrolled calls this or `centreInView`, so its screenshot is the same
 * every time.
 */
export function backToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
}

/**
 * Ends a story with `element` in the middle of the window (or the page scrolled as far as it goes), at a whole-pixel
 * position worked out from the page as it finally is, not from where a focus or a click during the play left it (see
 * `backToTop`). The last pixel of the page is never asked for, as the page's end may fall between two pixels. It marks
 * the page as placed: the visual suite refuses a screenshot of a scrolled page that no story placed.
 */
export function centreInView(element: Element): void {
  const view = element.ownerDocument.defaultView ?? window;
  const box = element.getBoundingClientRect();
  const wanted = Math.round(view.scrollY + box.top + box.height / 2 - view.innerHeight / 2);
  const last = element.ownerDocument.documentElement.scrollHeight - view.innerHeight - 1;
  view.scrollTo({ top: Math.max(0, Math.min(wanted, last)), left: 0, behavior: 'instant' });
  element.ownerDocument.documentElement.dataset.storyView = 'placed';
}

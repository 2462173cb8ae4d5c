import { canUserSet } from '@prospecta/domain';
import { createScenarioHandlers } from '@prospecta/api-client/msw';
import { createScenario } from '@prospecta/api-client/fixtures';

/** MSW handlers over a fresh stateful fixture scenario (every contract call answers like the real server). */
export const scenarioHandlers = () =>
  createScenarioHandlers(createScenario(), { canUserSet }).handlers;

/** Preferences of a user who has already seen the 'new features' tutorial. */
export const TUTORIAL_SEEN = { appVersion: '2.3.5' } as const;

/** Storybook globals for a small screen (the viewport addon's phone preset). */
export const SMALL_SCREEN = { viewport: { value: 'mobile1', isRotated: false } } as const;

/**
 * Screen widths the product is checked at (issue 17): laptops with the sidebar, a small laptop or tablet,
 * a phone. Pass `WIDTH_VIEWPORTS` as `parameters.viewport` and `atWidth(n)` as the story's globals;
 * the story test runner sizes the browser to it.
 */
export const WIDTH_VIEWPORTS = {
  options: Object.fromEntries(
    ([390, 1024, 1280, 1366, 1536] as const).map((width) => [
      `w${width}`,
      { name: `${width} px`, styles: { width: `${width}px`, height: '800px' }, type: width < 768 ? 'mobile' : 'desktop' },
    ]),
  ),
} as const;

export const atWidth = (width: 390 | 1024 | 1280 | 1366 | 1536) =>
  ({ viewport: { value: `w${width}`, isRotated: false } }) as const;

/**
 * Ends a story at the top of the page. A focus scrolls the page by a fractional amount, which the browser rounds one
 * way or the other depending on where the page was before (the visual suite keeps one page from story to story: 430
 * or 431 px for the same story, and a scroll to a named element rounded either way too); a story whose play function
 * leaves the page scrolled calls this, so its screenshot is the same every time.
 */
export function backToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
}

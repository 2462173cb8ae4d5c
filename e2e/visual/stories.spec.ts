import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storyEntries, screenshotName } from './stories';

const root = fileURLToPath(new URL('../../', import.meta.url));
const indexPath = resolve(root, process.env.STORYBOOK_STATIC_DIR ?? 'apps/storybook/storybook-static', 'index.json');
const stories = storyEntries(JSON.parse(readFileSync(indexPath, 'utf8')));

test('the built Storybook has stories to compare', () => {
  expect(stories.length).toBeGreaterThan(0);
});

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/iframe.html?id=${story.id}&viewMode=story`);
    // Wait until Storybook has rendered the story and its play function has finished.
    await page.waitForFunction(
      () => {
        const root = document.querySelector('#storybook-root');
        const done = document.body.classList.contains('sb-show-main') || document.body.classList.contains('sb-show-errordisplay');
        return Boolean(root) && done;
      },
      undefined,
      { timeout: 15_000 },
    );
    await page.waitForFunction(() => {
      const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } })
        .__STORYBOOK_PREVIEW__;
      const phase = preview?.currentRender?.phase;
      return phase === 'finished' || phase === 'completed' || phase === 'errored';
    }, undefined, { timeout: 20_000 });
    await page.evaluate(() => document.fonts.ready);
    // Let data requests settle; a Loading story keeps its request pending on purpose, so cap the wait.
    // toHaveScreenshot then waits for two identical frames before it compares.
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    await expect(page.locator('body')).not.toHaveClass(/sb-show-errordisplay/);
    expect(errors, 'the story raised no page error').toEqual([]);
    await expect(page).toHaveScreenshot(screenshotName(story), { fullPage: false });
  });
}

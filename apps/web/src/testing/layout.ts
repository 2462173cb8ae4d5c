import { expect } from 'storybook/test';

/** Whether an element takes part in the layout and can be seen (the closed mobile sidebar cannot). */
function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * Every visible text input under `root` shows its whole placeholder: the placeholder's width in the
 * input's font is at most the input's text box ('Search a user or a com…').
 */
export async function expectPlaceholdersFit(root: HTMLElement) {
  const context = document.createElement('canvas').getContext('2d')!;
  const inputs = [...root.querySelectorAll<HTMLInputElement>('input[placeholder]')].filter(isShown);
  await expect(inputs.length).toBeGreaterThan(0);
  for (const input of inputs) {
    const style = getComputedStyle(input);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = Math.ceil(context.measureText(input.placeholder).width);
    const box = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    await expect({ placeholder: input.placeholder, fits: text <= box }).toEqual({
      placeholder: input.placeholder,
      fits: true,
    });
  }
}

/**
 * Every word of the elements' text lies on one line: a column squeezed by its table never cuts a word in the
 * middle ('Boulangeri / e'). Words are split at spaces and hyphens, where a line may rightly break.
 */
export async function expectWordsWhole(elements: Iterable<Element>) {
  const range = document.createRange();
  const cut: string[] = [];
  for (const element of elements) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[^\s\-‐–—·]+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          [...range.getClientRects()]
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) cut.push(match[0]);
      }
    }
  }
  await expect(cut).toEqual([]);
}

import { expect } from 'storybook/test';

/** Whether an element takes part in the layout and can be seen (the closed mobile sidebar cannot). */
function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * Every visible text input under `root` shows its whole placeholder: the placeholder's width in the
 * input's font is at most the input's text box (issue 17: 'Search a user or a com…').
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
    await expect({ placeholder: input.placeholder, fits: text <= box }).toEqual({ placeholder: input.placeholder, fits: true });
  }
}

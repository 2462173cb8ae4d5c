import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

// React warns unless the test says it drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** The texts the container showed after each commit (a MutationObserver sees every one). */
function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  const seen: string[] = [];
  const observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
  observer.observe(container, { childList: true, subtree: true, characterData: true });
  const root = createRoot(container);
  return {
    container,
    seen,
    root,
    stop: () => {
      observer.disconnect();
      act(() => root.unmount());
      container.remove();
    },
  };
}

describe('lazyPage', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('renders at once, without its fallback, once its code is preloaded', async () => {
    let loads = 0;
    const { Page, preload } = lazyPage(async () => {
      loads++;
      return Greeting;
    });
    await preload();
    const view = mount();
    stop = view.stop;
    // One synchronous act: a page that suspended would show the fallback here and its content only in a later task.
    act(() =>
      view.root.render(
        <Suspense fallback={<p>Loading</p>}>
          <Page name="Ada" />
        </Suspense>,
      ),
    );
    expect(view.container.textContent).toBe('Hello Ada');
    await act(async () => {});
    expect(view.seen).not.toContain('Loading');
    expect(loads).toBe(1);
  });

  it('shows its fallback while its code loads when nothing preloaded it', async () => {
    let release: () => void = () => {};
    const { Page } = lazyPage(
      () => new Promise<typeof Greeting>((resolve) => (release = () => resolve(Greeting))),
    );
    const view = mount();
    stop = view.stop;
    await act(async () =>
      view.root.render(
        <Suspense fallback={<p>Loading</p>}>
          <Page name="Ada" />
        </Suspense>,
      ),
    );
    expect(view.container.textContent).toBe('Loading');
    await act(async () => release());
    // React may hold the content back for a moment after a fallback (that is what preloading avoids).
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(view.container.textContent).toBe('Hello Ada');
  });
});

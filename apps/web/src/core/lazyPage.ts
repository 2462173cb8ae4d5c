import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage<P extends object> {
  /** The page, to render inside a Suspense boundary (its fallback shows only while the code is still loading). */
  Page: LazyExoticComponent<ComponentType<P>>;
  /** Loads the page's code; once it has resolved, `Page` renders at once, without suspending. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A page whose code loads on demand, like `React.lazy`, except that it does not suspend when its code was loaded
 * before its first render (the routes preload the code of every screen a URL shows: app/routes/routes.tsx).
 *
 * Why: `React.lazy` suspends on its first render even when the module is already there (an `import()` always
 * answers in a later task), so the boundary shows its fallback; and React holds back the content that replaces a
 * fallback until 300 ms after that fallback appeared (its "Suspense throttling"). On the first screen after sign-in
 * that was 200–250 ms of a finished render waiting on a timer (first cards). Here the lazy component's
 * loader answers synchronously when the code is known to be loaded, which React's lazy accepts from any thenable.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  // Once loaded, preloading again (the routes do on every navigation) answers at once; a failed load may be tried again.
  const preload = () =>
    loaded
      ? Promise.resolve(loaded)
      : load().then((component) => {
          loaded = component;
          return component;
        });
  const Page = lazy<ComponentType<P>>(() => {
    const ready = loaded;
    if (!ready) return preload().then((component) => ({ default: component }));
    // A thenable that calls back at once: React's lazy then reads the component in the same render.
    const settled: PromiseLike<{ default: ComponentType<P> }> = {
      then: (onFulfilled) =>
        Promise.resolve(onFulfilled ? onFulfilled({ default: ready }) : undefined) as never,
    };
    return settled as Promise<{ default: ComponentType<P> }>;
  });
  return { Page, preload };
}

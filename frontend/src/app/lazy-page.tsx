import { lazy, type ComponentType } from 'react';

export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A screen whose code is its own chunk (the home route downloads only what it shows), and that can be loaded
 * ahead: the client loads the first screen's chunk before it hydrates the server's HTML, and the server before
 * it renders, so that screen renders at once on both sides instead of suspending — a suspended screen would
 * show its loading line in place of the HTML that is already there.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  const remember = (module: { default: ComponentType }) => {
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember));
  // Once loaded, the screen itself is rendered (no lazy wrapper), so both sides build the same tree.
  const Page = () => {
    const Screen = loaded ?? Lazy;
    return <Screen />;
  };
  return Object.assign(Page, {
    preload: () =>
      load()
        .then(remember)
        .then(() => undefined),
  });
}

import type { Plugin } from 'vite';

/** Vite's helper around every dynamic import of the client (its module id). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Makes Vite's `__vitePreload(() => import(…), deps)` a plain call of the import. The helper exists to load a
 * lazy chunk's CSS files and preload its imports first; this client has no CSS files (Chakra's styles are emotion's)
 * and its chunks' imports are preloaded by the server's page loader (modulePreload: false), so every `deps` list
 * is empty, yet the helper was ~1 kB gzip of the home page's first chunk (the 200 kB budget, issue 17).
 * The build fails if a CSS file ever appears, rather than leaving a lazy screen without its styles.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'mello-plain-dynamic-imports',
    apply: 'build',
    transform(_code, id) {
      if (id !== PRELOAD_HELPER) return null;
      return { code: 'export const __vitePreload = (load) => load();', map: null };
    },
    generateBundle(_options, bundle) {
      const css = Object.keys(bundle).filter((file) => file.endsWith('.css'));
      if (css.length > 0) throw new Error(`The client now has CSS files (${css.join(', ')}): remove frontend/plain-dynamic-imports.ts`);
    },
  };
}

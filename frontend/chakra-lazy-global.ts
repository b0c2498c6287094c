import type { Plugin } from 'vite';

/** Chakra's createSystem (its ES module build), the one file this plugin changes. */
const SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const LAZY = 'let _globalStyles;';
const EXPORTED = '    _global,\n';
const GETTER = '    get _global() {\n      return _globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n';

/**
 * Makes Chakra's global styles (the reset, the global CSS and a CSS variable for every token) a value computed on
 * first use instead of inside createSystem. Computing them is about half of createSystem, which runs as one long
 * task while the entry chunk evaluates, before hydration (issue 17, TBT). A server-rendered page already has
 * them in its <head>, and the browser takes them over from there without computing them (app/server-styles.ts);
 * the server and a page the browser renders alone compute them as before, on the first render.
 * The build fails if Chakra's code no longer reads as expected, rather than silently keeping the slow path.
 */
export function chakraLazyGlobal(): Plugin {
  return {
    name: 'mello-chakra-lazy-global',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(EAGER) || !code.includes(EXPORTED)) {
        throw new Error(`${id}: Chakra's createSystem changed; update frontend/chakra-lazy-global.ts`);
      }
      return { code: code.replace(EAGER, LAZY).replace(EXPORTED, GETTER), map: null };
    },
  };
}

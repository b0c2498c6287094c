import type { SystemContext } from '@chakra-ui/react';

/** What emotion's <Global> accepts as styles already serialized: it then neither serializes nor hashes them. */
type SerializedStyles = { name: string; styles: string };

/** The `<style data-emotion="css-global {name}">` elements the server wrote into <head> (app/style-cache.ts' key). */
const GLOBAL_STYLE_PREFIX = 'css-global ';

/**
 * Hands Chakra's global styles (reset, global CSS, the token variables) over from the server's HTML instead of
 * computing them again: about half of the theme's start-up work in the browser (frontend/chakra-lazy-global.ts
 * makes them lazy). ChakraProvider renders them with emotion's <Global>, which finds its <style> element by name
 * and adopts it, so passing that name and text changes nothing on the page. The layer order rule (`@layer …;`) is
 * its own, tiny <Global> and is left alone. Without exactly one such element (a page the browser renders alone)
 * nothing is handed over and Chakra computes them as before.
 */
export function adoptServerGlobalStyles(system: SystemContext, head: ParentNode = document.head): void {
  // The layer order is a statement without a block ('@layer reset,base,tokens,recipes;'): every other global has rules.
  const candidates = [...head.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${GLOBAL_STYLE_PREFIX}"]`)].filter((element) =>
    (element.textContent ?? '').includes('{'),
  );
  if (candidates.length !== 1) return;
  const [element] = candidates as [HTMLStyleElement];
  const name = element.dataset.emotion!.slice(GLOBAL_STYLE_PREFIX.length);
  const serialized: SerializedStyles = { name, styles: element.textContent ?? '' };
  Object.defineProperty(system, '_global', { value: serialized, configurable: true });
}

import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { adoptServerRules, serverStyleNames } from './style-cache';

/**
 * Takes the server's styles over before hydrating, leaving its <style> elements in <head> as they are: moved, the
 * browser would parse their CSS again and restyle the whole page (app/style-cache.ts).
 * - The rules of the rendered markup: emotion is told they are in the page and inserts only new ones.
 * - Chakra's global styles (the layer order; the reset, global CSS and a CSS variable per token): ChakraProvider
 *   renders them with emotion's <Global>, which would write them again; it is given nothing to write instead. This
 *   also spares computing them (frontend/chakra-lazy-global.ts made them lazy): half of the theme's start-up work.
 * Without the server's global styles (a page the browser renders alone) Chakra writes them as usual.
 */
export function adoptServerStyles(cache: EmotionCache, system: SystemContext, head: ParentNode = document.head): void {
  const names = serverStyleNames(head);
  adoptServerRules(cache, names);
  if (!names.has(`${cache.key}-global`)) return;
  Object.defineProperty(system, '_global', { value: [], configurable: true });
  Object.defineProperty(system, 'layers', { value: { ...system.layers, atRule: '' }, configurable: true });
}

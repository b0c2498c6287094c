import { adoptServerStyles } from '../server-styles';
import { createStyleCache } from '../style-cache';
import { system } from '../theme';

/**
 * Step 3 of the browser's start (main.tsx): the theme's system (its config, recipes and tokens), built in a task of their
 * own. On a server-rendered page the server's styles are taken over here, before anything renders.
 */
export function clientStyles(serverRendered: boolean) {
  const styleCache = createStyleCache();
  if (serverRendered) adoptServerStyles(styleCache, system);
  return styleCache;
}

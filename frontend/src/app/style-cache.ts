import createCache from '@emotion/cache';

/**
 * Emotion's cache for Chakra's styles, made alike on the server (entry-server.tsx, whose rules go into <head>) and
 * in the browser (main.tsx, which takes those <style data-emotion="css …"> elements over before hydrating).
 * Without stylis' vendor prefixer: the evergreen browsers we serve need no `-webkit-`/`-ms-` copies of each rule,
 * and they were a ninth of the home page's CSS, parsed before the first paint.
 */
export const createStyleCache = () => createCache({ key: 'css', stylisPlugins: [] });

import { createContext, useContext } from 'react';

/**
 * True while rendering the build-time first-paint shell (src/shell/shell.tsx). That HTML is inert until the
 * client's JavaScript replaces it: plain links work, but a control that needs a script (the mobile menu toggle)
 * must not be offered yet, or a tap on it would do nothing.
 */
export const PrerenderContext = createContext(false);

export const usePrerendered = () => useContext(PrerenderContext);

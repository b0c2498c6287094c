/**
 * Chakra's semantic tokens (its theme's semantic-tokens/colors, shadows and radii) as the app uses them: the dark
 * side only, since the app always runs in dark mode (index.html sets class="dark"), and only the colour palettes
 * the app names (`colorPalette="…"`, 'red.fg'; brand and gold are in theme.ts). Written as the rules Chakra's own
 * table follows rather than imported: its table is the largest part of the theme in the home page's JavaScript
 * (the 200 kB budget), and half of its tokens (the light side, unused palettes) were CSS variables every page
 * carries in its <head> and the browser builds at start-up (issue 17). A palette missing here has no `.solid`,
 * `.fg`… in the app: add it to COLOURED.
 */
const ref = (token: string) => ({ value: token.startsWith('{') || !token.includes('.') ? token : `{colors.${token}}` });

/** Coloured palettes: [name, contrast, solid step, border step]; the other roles are the same steps for all. */
const COLOURED: Array<[string, 'white' | 'black', number, number]> = [
  ['red', 'white', 600, 400],
  ['orange', 'black', 500, 400],
  ['yellow', 'black', 300, 500],
  ['green', 'white', 600, 400],
  ['blue', 'white', 600, 400],
  ['purple', 'white', 600, 400],
];

const palettes = Object.fromEntries(
  COLOURED.map(([name, contrast, solid, border]) => [
    name,
    {
      contrast: ref(contrast),
      fg: ref(`${name}.300`),
      subtle: ref(`${name}.900`),
      muted: ref(`${name}.800`),
      emphasized: ref(`${name}.700`),
      solid: ref(`${name}.${solid}`),
      focusRing: ref(`${name}.500`),
      border: ref(`${name}.${border}`),
    },
  ]),
);

/** Shadows: [name, y offset, blur, inset ring opacity]. */
const SHADOWS: Array<[string, number, number, number]> = [
  ['xs', 1, 1, 20],
  ['sm', 2, 4, 30],
  ['md', 4, 8, 30],
  ['lg', 8, 16, 30],
  ['xl', 16, 24, 30],
  ['2xl', 24, 40, 30],
];

export const darkSemanticTokens = {
  colors: {
    bg: {
      DEFAULT: ref('{colors.black}'),
      subtle: ref('gray.950'),
      muted: ref('gray.900'),
      emphasized: ref('gray.800'),
      inverted: ref('{colors.white}'),
      panel: ref('gray.950'),
      error: ref('red.950'),
      warning: ref('orange.950'),
      success: ref('green.950'),
      info: ref('blue.950'),
    },
    fg: {
      DEFAULT: ref('gray.50'),
      muted: ref('gray.400'),
      subtle: ref('gray.500'),
      inverted: ref('{colors.black}'),
      error: ref('red.400'),
      warning: ref('orange.300'),
      success: ref('green.300'),
      info: ref('blue.300'),
    },
    border: {
      DEFAULT: ref('gray.800'),
      muted: ref('gray.900'),
      subtle: ref('gray.950'),
      emphasized: ref('gray.700'),
      inverted: ref('gray.200'),
      error: ref('red.400'),
      warning: ref('orange.400'),
      success: ref('green.400'),
      info: ref('blue.400'),
    },
    gray: {
      contrast: ref('{colors.black}'),
      fg: ref('gray.200'),
      subtle: ref('gray.900'),
      muted: ref('gray.800'),
      emphasized: ref('gray.700'),
      solid: ref('{colors.white}'),
      focusRing: ref('gray.400'),
      border: ref('gray.800'),
    },
    ...palettes,
  },
  shadows: {
    ...Object.fromEntries(
      SHADOWS.map(([name, y, blur, ring]) => [name, { value: `0px ${y}px ${blur}px {black/64}, 0px 0px 1px inset {colors.gray.300/${ring}}` }]),
    ),
    inner: { value: 'inset 0 2px 4px 0 black' },
    inset: { value: 'inset 0 0 0 1px {colors.gray.300/5}' },
  },
  radii: { l1: ref('{radii.xs}'), l2: ref('{radii.sm}'), l3: ref('{radii.md}') },
};

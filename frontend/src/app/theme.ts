import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { animationStyles, breakpoints, cssVarsPrefix, cssVarsRoot, globalCss, keyframes, layerStyles, textStyles, tokens } from '@chakra-ui/react/theme';
import { darkSemanticTokens } from './dark-semantic-tokens';
import { recipes, slotRecipes } from './recipes';

/**
 * The festival-night look: a midnight-indigo stage, magenta spotlights and gold for what matters most.
 * The app always runs in Chakra's dark mode (index.html sets class="dark"), so only the `_dark` side of the
 * neutral tokens is redefined. Text pairs were checked for WCAG AA (body text ≥ 4.5:1):
 * night.50 on night.950 17:1, night.200 on night.900 9.8:1, gold.400 on night.950 11.8:1,
 * white on brand.600 4.8:1, brand.300 on night.900 7.9:1.
 * Fonts are system stacks only: the site must render without downloading anything.
 */
const scale = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([step, value]) => [step, { value }]));

/** A palette's roles: a bare step ('600') is this palette's own, 'gold.300' another token, '#…' a raw colour. */
const palette = (name: string, roles: Record<'solid' | 'contrast' | 'fg' | 'muted' | 'subtle' | 'emphasized' | 'focusRing', string>) =>
  Object.fromEntries(
    Object.entries(roles).map(([role, ref]) => [
      role,
      { value: ref.startsWith('#') ? ref : ref.includes('.') ? `{colors.${ref}}` : `{colors.${name}.${ref}}` },
    ]),
  );

const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        night: scale({
          50: '#f6f2ff',
          100: '#e7e0fb',
          200: '#c9bfe6',
          300: '#a99cd6',
          400: '#8677bf',
          500: '#5f4f9e',
          600: '#3f3278',
          700: '#2b2160',
          800: '#241a52',
          900: '#1d1445',
          950: '#120a2e',
        }),
        brand: scale({
          50: '#fff0f7',
          100: '#ffd6ea',
          200: '#ffb0d6',
          300: '#ff8cc6',
          400: '#ff5cad',
          500: '#f0308f',
          600: '#d61f7d',
          700: '#b8176a',
          800: '#8a1050',
          900: '#5c0a35',
          950: '#3a0521',
        }),
        gold: scale({
          50: '#fff9e8',
          100: '#ffefc2',
          200: '#ffe294',
          300: '#ffd36e',
          400: '#ffc23d',
          500: '#f5a700',
          600: '#c98500',
          700: '#9c6500',
          800: '#6e4700',
          900: '#422a00',
          950: '#2a1a00',
        }),
      },
      fonts: {
        heading: {
          value: '"Avenir Next", "Futura", "Century Gothic", "Segoe UI Variable Display", "Trebuchet MS", "Helvetica Neue", "DejaVu Sans", Arial, sans-serif',
        },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", "DejaVu Sans", Arial, sans-serif' },
      },
    },
    semanticTokens: {
      colors: {
        brand: palette('brand', { solid: '600', contrast: '#ffffff', fg: '300', muted: '700', subtle: '950', emphasized: '800', focusRing: 'gold.300' }),
        gold: palette('gold', { solid: '400', contrast: 'night.950', fg: '300', muted: '700', subtle: '950', emphasized: '800', focusRing: '300' }),
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.night.950}' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '#170e38' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.night.900}' } },
          emphasized: { value: { _light: '{colors.gray.200}', _dark: '{colors.night.800}' } },
          panel: { value: { _light: '{colors.white}', _dark: '{colors.night.900}' } },
        },
        fg: {
          DEFAULT: { value: { _light: '{colors.black}', _dark: '{colors.night.50}' } },
          muted: { value: { _light: '{colors.gray.600}', _dark: '{colors.night.200}' } },
          subtle: { value: { _light: '{colors.gray.400}', _dark: '{colors.night.300}' } },
        },
        border: {
          DEFAULT: { value: { _light: '{colors.gray.200}', _dark: '{colors.night.700}' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.night.800}' } },
          emphasized: { value: { _light: '{colors.gray.300}', _dark: '{colors.night.600}' } },
        },
      },
    },
  },
  globalCss: {
    html: { colorPalette: 'gold', colorScheme: 'dark', scrollPaddingTop: '5rem' },
    body: {
      bg: 'bg',
      color: 'fg',
      minHeight: '100vh',
      // Two soft stage lights behind everything; fixed so long pages do not stretch them.
      backgroundImage:
        'radial-gradient(60rem 30rem at 85% -10%, rgba(214, 31, 125, 0.22), transparent 70%), radial-gradient(50rem 30rem at 0% 10%, rgba(95, 79, 158, 0.35), transparent 70%)',
      backgroundAttachment: 'fixed',
    },
    'a, button, input, select, textarea, summary, [tabindex]': {
      _focusVisible: { outline: '3px solid {colors.gold.300} !important', outlineOffset: '2px' },
    },
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
});

/** Chakra's default theme without its full recipe map (see recipes.ts for why) and with its semantic tokens' dark side only. */
const baseTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens: darkSemanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
});

// createSystem merges (deep-clones) its configs itself: merging the first two before it cloned them twice, about a
// sixth of building the system, itself the longest task of a page's start on a slow phone (issue 17, TBT).
export const system = createSystem(defaultBaseConfig, baseTheme, config);

import { Box, Link as ChakraLink } from '@chakra-ui/react';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type ExtraProps, type Options } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';
import remarkGfm from 'remark-gfm';

/**
 * Article text as markdown (GitHub flavour: tables, strikethrough, task lists, autolinks).
 * Raw HTML in the text is dropped (`skipHtml`), and react-markdown's default URL filter empties `javascript:`,
 * `data:`, `vbscript:` and other unsafe link targets, so an article cannot inject script or markup.
 * Links open in a new tab (spec, Article detail) without handing the opener to the other site.
 * Forum posts and replies use it too (features/forum PostMarkdown), with their @mentions linked. Only the article and forum post pages import
 * it, and the forum's preview loads it lazily, so react-markdown stays out of the other routes' code.
 */

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
type HeadingTag = `h${HeadingLevel}`;

/**
 * The page's own <h1> is the article title, so the text's headings sit `offset` levels below it (for an article
 * # → h2 … capped at h6): one h1 per page and an outline that nests under the title.
 */
const shiftedHeading = (level: HeadingLevel, offset: number) => {
  const Tag = `h${Math.min(level + offset, 6)}` as HeadingTag;
  return function Heading({ node: _node, children, ...props }: ComponentPropsWithoutRef<HeadingTag> & ExtraProps) {
    return <Tag {...props}>{children}</Tag>;
  };
};

const headingsShiftedBy = (offset: number): Components => ({
  h1: shiftedHeading(1, offset),
  h2: shiftedHeading(2, offset),
  h3: shiftedHeading(3, offset),
  h4: shiftedHeading(4, offset),
  h5: shiftedHeading(5, offset),
  h6: shiftedHeading(6, offset),
});

const common: Components = {
  a: ({ node: _node, children, href, ...props }) => {
    // A member's @mention (remark-mentions.ts) is a link inside the site, in the same tab.
    const mention = (props as Record<string, unknown>)['data-mention'];
    if (typeof mention === 'string' && href) {
      return (
        <ChakraLink asChild color="gold.fg" fontWeight="semibold" data-mention={mention}>
          <RouterLink to={href}>{children}</RouterLink>
        </ChakraLink>
      );
    }
    // The URL filter leaves an unsafe target (and `[x]()`) as an empty href, which would open this same page in
    // a new tab; such a link is shown as its text.
    return href?.trim() ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    );
  },
  img: ({ node: _node, alt, ...props }) => <img {...props} alt={alt ?? ''} loading="lazy" decoding="async" />,
  table: ({ node: _node, children, ...props }) => (
    // Wide tables scroll on their own instead of widening the page on a phone.
    <Box overflowX="auto" mb="5">
      <table {...props}>{children}</table>
    </Box>
  ),
};

/** The renderers for each heading offset, made once (react-markdown compares them by identity). */
const componentsByOffset = new Map<number, Components>();
const componentsFor = (offset: number): Components => {
  let components = componentsByOffset.get(offset);
  if (!components) {
    components = { ...common, ...headingsShiftedBy(offset) };
    componentsByOffset.set(offset, components);
  }
  return components;
};

type Plugins = NonNullable<Options['remarkPlugins']>;
const NO_PLUGINS: Plugins = [];

/**
 * `headingOffset`: how many levels the text's headings sit below the page's (1 for an article under its h1 title;
 * a forum post's text sits under the post title and the page's sections, so 2). `plugins`: remark plugins run after
 * GitHub flavour (a forum post's @mentions: remark-mentions.ts, passed in so this module imports no contracts and
 * the editors' lazily loaded preview stays one small chunk).
 */
export function Markdown({ children, headingOffset = 1, plugins = NO_PLUGINS }: { children: string; headingOffset?: number; plugins?: Plugins }) {
  return (
    <Box css={proseStyles}>
      <ReactMarkdown remarkPlugins={[remarkGfm, ...plugins]} skipHtml components={componentsFor(headingOffset)}>
        {children}
      </ReactMarkdown>
    </Box>
  );
}

// Typography for the rendered markdown; tokens come from the app's theme.
const proseStyles = {
  fontSize: { base: 'md', md: 'lg' },
  lineHeight: '1.8',
  color: 'fg',
  '& > * + *': { marginTop: '1.1em' },
  // Headings are shifted one level down (see shiftedHeading): h2 is the text's top level.
  '& h2, & h3, & h4, & h5, & h6': {
    fontFamily: 'heading',
    fontWeight: 'bold',
    lineHeight: '1.3',
    marginTop: '1.8em',
    color: 'fg',
  },
  '& h2': { fontSize: '2xl' },
  '& h3': { fontSize: { base: 'xl', md: '2xl' } },
  '& h4': { fontSize: { base: 'lg', md: 'xl' } },
  '& h5, & h6': { fontSize: { base: 'md', md: 'lg' } },
  '& a': {
    color: 'brand.fg',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    _hover: { color: 'gold.fg' },
  },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li + li': { marginTop: '0.4em' },
  '& li::marker': { color: 'brand.fg' },
  '& strong': { color: 'fg', fontWeight: 'bold' },
  '& blockquote': {
    borderInlineStartWidth: '4px',
    borderColor: 'brand.solid',
    paddingInlineStart: '1em',
    color: 'fg.muted',
    fontStyle: 'italic',
  },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.emphasized', px: '1', borderRadius: 'sm' },
  '& pre': { bg: 'bg.muted', p: '4', borderRadius: 'md', overflowX: 'auto' },
  '& pre code': { bg: 'transparent', px: '0' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md' },
  '& hr': { borderColor: 'border', marginBlock: '2em' },
  '& table': { width: '100%', borderCollapse: 'collapse', fontSize: 'md' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border', px: '3', py: '2', textAlign: 'start' },
  '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
} as const;

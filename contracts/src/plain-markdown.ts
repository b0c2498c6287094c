/**
 * A link or image: its text, then its address, which may hold balanced parentheses as CommonMark allows (a
 * Wikipedia address such as `…/wiki/Waterloo_(sång)`: cut at its first ')', the text kept a stray ')').
 */
const LINK = /!?\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g;

/**
 * The text a reader sees in markdown (articles, forum posts and replies), for search, meta descriptions and
 * excerpts: a link or image keeps its text, an autolink its address, raw HTML tags go (the renderer drops them),
 * and the syntax characters become spaces. One definition for the client, the server and both search engines.
 */
export function plainMarkdown(markdown: string): string {
  return markdown
    .replace(LINK, '$1')
    .replace(/<((?:https?|mailto):[^<>\s]+)>/gi, '$1')
    .replace(/<\/?[a-z][^<>]*>/gi, ' ')
    .replace(/[#*_`>[\]|~]+/g, ' ')
    .replace(/^\s*[-+]\s+/gm, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** The plain text on one line (a meta description, a card's excerpt that must not keep the text's line breaks). */
export const plainMarkdownLine = (markdown: string): string => plainMarkdown(markdown).replace(/\s+/g, ' ');

import type { ComponentProps } from 'react';
import { Markdown } from '../../../components/markdown/Markdown';

/**
 * A post's or reply's text, rendered as the articles are (components/markdown/Markdown: no raw HTML, safe links
 * in a new tab). Its headings sit below the post title (h1) and the page's sections (h2): `# Rubrik` is an h3.
 * The editors' preview loads this module lazily (WriteOrPreview), so the forum list's chunk does not carry
 * react-markdown; the post page uses PostMarkdown, which adds the @mentions.
 */
export default function PostMarkdownBody({ text, plugins }: { text: string; plugins?: ComponentProps<typeof Markdown>['plugins'] }) {
  return (
    <div data-testid="post-markdown">
      <Markdown headingOffset={2} plugins={plugins}>
        {text}
      </Markdown>
    </div>
  );
}

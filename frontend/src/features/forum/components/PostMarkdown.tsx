import { Markdown } from '../../../components/articles/Markdown';

/**
 * A post's or reply's text, rendered as the articles are (components/articles/Markdown: no raw HTML, safe links
 * in a new tab). Its headings sit below the post title (h1) and the page's sections (h2): `# Rubrik` is an h3.
 */
export function PostMarkdown({ text }: { text: string }) {
  return (
    <div data-testid="post-markdown">
      <Markdown headingOffset={2}>{text}</Markdown>
    </div>
  );
}

/** For React.lazy (the editors' preview, so the forum list's chunk does not carry react-markdown). */
export default PostMarkdown;

import { mentionSegments, type Mention } from '@mello/contracts';

/**
 * @mentions inside rendered markdown (forum posts and replies): the text nodes of the parsed markdown are cut into
 * plain text and links to the members the server resolved (`mentions`, contracts' mentionSegments), so a mention
 * in bold or in a list item is a link too, while code keeps its characters (its text is no text node) and an
 * @name inside a link stays that link's text. An @name the server did not resolve stays plain text.
 */

/** The parts of a markdown syntax tree (mdast) this touches. */
export type MarkdownNode = {
  type: string;
  value?: string;
  url?: string;
  children?: MarkdownNode[];
  data?: { hProperties?: Record<string, string> };
};

/** There are no member pages: a mention leads to the search for the member's name. */
export const mentionHref = (name: string) => `/search?q=${encodeURIComponent(name)}`;

/** The element property that marks a link as a mention (the renderer's `a` sees it as `data-mention`). */
export const MENTION_PROPERTY = 'dataMention';

const KEEPS_ITS_TEXT = new Set(['link', 'linkReference']);

/** Replaces, in place, every resolved mention in the tree's text nodes by a link marked as a mention. */
export function linkMentions(tree: MarkdownNode, mentions: readonly Mention[]): void {
  if (mentions.length === 0) return;
  const walk = (node: MarkdownNode) => {
    if (!node.children || KEEPS_ITS_TEXT.has(node.type)) return;
    node.children = node.children.flatMap((child): MarkdownNode[] => {
      if (child.type !== 'text' || !child.value) {
        walk(child);
        return [child];
      }
      return mentionSegments(child.value, mentions).map((segment): MarkdownNode =>
        segment.mention
          ? {
              type: 'link',
              url: mentionHref(segment.mention.name),
              children: [{ type: 'text', value: segment.text }],
              data: { hProperties: { [MENTION_PROPERTY]: segment.mention.userId } },
            }
          : { type: 'text', value: segment.text },
      );
    });
  };
  walk(tree);
}

/** The remark plugin: `remarkPlugins={[[remarkMentions, { mentions }]]}`. */
export function remarkMentions(options: { mentions: readonly Mention[] }) {
  return (tree: MarkdownNode) => linkMentions(tree, options.mentions);
}

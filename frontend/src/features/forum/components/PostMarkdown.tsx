import type { Mention } from '@mello/contracts';
import { remarkMentions } from '../../../components/markdown/remark-mentions';
import PostMarkdownBody from './PostMarkdownBody';

/**
 * A post's or reply's text as the post page shows it: markdown (PostMarkdownBody) with the members the server
 * resolved among its @names (`mentions`) as links; any other @name stays plain text.
 */
export function PostMarkdown({ text, mentions }: { text: string; mentions: readonly Mention[] }) {
  return <PostMarkdownBody text={text} plugins={[[remarkMentions, { mentions }]]} />;
}

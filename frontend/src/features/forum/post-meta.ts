import { SITE_NAME, firstCharacters, pageMeta, type ForumPost, type PageMeta } from '@mello/contracts';

const DESCRIPTION_LENGTH = 160;

/**
 * The page meta of /forum/post/{id}: the post's title and the start of its text, as a DiscussionForumPosting.
 * (The server still sends the forum's own meta for this route: contracts/src/seo has no forum-post builder yet.)
 */
export function forumPostMeta(postId: string, post: ForumPost | null): PageMeta {
  const path = `/forum/post/${encodeURIComponent(postId)}`;
  if (!post) {
    return { ...pageMeta.forum(), title: `Inlägg hittades inte | ${SITE_NAME}`, description: 'Inlägget finns inte eller har raderats.', path, noindex: true };
  }
  return {
    ...pageMeta.forum(),
    title: `${post.title} | ${SITE_NAME}`,
    description: firstCharacters(post.content, DESCRIPTION_LENGTH),
    path,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'DiscussionForumPosting',
        headline: post.title,
        text: firstCharacters(post.content, 500),
        author: { '@type': 'Person', name: post.authorName },
        datePublished: post.createdAt,
        dateModified: post.updatedAt,
        commentCount: post.repliesCount,
        keywords: post.tags.join(', ') || undefined,
      },
    ],
  };
}

import { Link as ChakraLink } from '@chakra-ui/react';
import { mentionSegments, type Mention } from '@mello/contracts';
import { Link } from 'react-router-dom';

/**
 * A post's or reply's text with its mentions linked: only the members the server resolved (`mentions`); any other
 * @name stays plain text. There are no member pages, so a mention leads to the search for the member's name.
 */
export function MentionText({ text, mentions }: { text: string; mentions: readonly Mention[] }) {
  return (
    <>
      {mentionSegments(text, mentions).map((segment, index) =>
        segment.mention ? (
          <ChakraLink key={index} asChild color="gold.fg" fontWeight="semibold" data-mention={segment.mention.userId}>
            <Link to={`/search?q=${encodeURIComponent(segment.mention.name)}`}>{segment.text}</Link>
          </ChakraLink>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

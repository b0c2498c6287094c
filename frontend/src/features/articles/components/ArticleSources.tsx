import { Box, Heading, Link, List } from '@chakra-ui/react';

const isWebAddress = (text: string) => /^https?:\/\/\S+$/i.test(text.trim());

/** 'Källor': the article's sources; a source that is a web address is a link (new tab). Hidden when empty. */
export function ArticleSources({ sources }: { sources: readonly string[] }) {
  const listed = sources.filter((source) => source.trim() !== '');
  if (listed.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="article-sources-heading" borderTopWidth="1px" borderColor="border" pt="6">
      <Heading id="article-sources-heading" as="h2" size="lg" mb="3">
        Källor
      </Heading>
      <List.Root gap="2" ps="5" color="fg.muted">
        {listed.map((source, index) => (
          <List.Item key={`${index}-${source}`} wordBreak="break-word">
            {isWebAddress(source) ? (
              <Link href={source.trim()} target="_blank" rel="noopener noreferrer" color="brand.fg">
                {source.trim()}
              </Link>
            ) : (
              source
            )}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

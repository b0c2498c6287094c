import { lazy, Suspense } from 'react';
import { Box, Button, ButtonGroup, Flex, Text } from '@chakra-ui/react';

// Loaded on the first preview only: the new-post dialog lives on the forum list, whose chunk stays without react-markdown.
const PostMarkdownBody = lazy(() => import('./PostMarkdownBody'));

/**
 * The editors' Skriv/Förhandsgranska toggle (new post, edit, reply). The editor keeps its text box mounted and
 * hides it while previewing (so its label, value and handlers are untouched) and shows MarkdownPreview instead.
 */
export function PreviewToggle({ previewing, onChange }: { previewing: boolean; onChange: (previewing: boolean) => void }) {
  return (
    <Flex justify="space-between" align="center" gap="2" wrap="wrap" width="full">
      <ButtonGroup size="xs" attached>
        <Button type="button" aria-pressed={!previewing} variant={previewing ? 'outline' : 'solid'} onClick={() => onChange(false)}>
          Skriv
        </Button>
        <Button type="button" aria-pressed={previewing} variant={previewing ? 'solid' : 'outline'} onClick={() => onChange(true)}>
          Förhandsgranska
        </Button>
      </ButtonGroup>
      <Text fontSize="xs" color="fg.muted">
        Markdown: **fet**, *kursiv*, ## rubrik, [länk](https://…)
      </Text>
    </Flex>
  );
}

/** The text as it will be shown once sent (the same renderer as the post page). */
export function MarkdownPreview({ text }: { text: string }) {
  return (
    <Box data-testid="markdown-preview" width="full" borderWidth="1px" borderColor="border" borderRadius="md" p="3" minH="24" bg="bg.panel">
      {text.trim() === '' ? (
        <Text color="fg.muted">Inget att förhandsgranska än.</Text>
      ) : (
        <Suspense fallback={<Text color="fg.muted">Laddar förhandsgranskning…</Text>}>
          <PostMarkdownBody text={text} />
        </Suspense>
      )}
    </Box>
  );
}

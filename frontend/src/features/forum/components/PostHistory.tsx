import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LuHistory } from 'react-icons/lu';
import { FORUM_POST_LABELS, type PostVersion } from '@mello/contracts';
import { ChangeValue } from '../../../components/history/ChangeValue';
import { formatValue } from '../../../lib/diff';
import { usePostRevisions } from '../bookmarks-api';

const fieldLabel = (field: string) => (FORUM_POST_LABELS as Record<string, string>)[field] ?? field;

/**
 * "redigerat {tid}" and, on request, every version of the post with what changed since the one before (read from
 * the log: GET /api/forum/posts/{id}/revisions, public names only). Fetched only when opened.
 */
export function PostHistory({ postId, updatedAt }: { postId: string; updatedAt: string }) {
  const [open, setOpen] = useState(false);
  const revisions = usePostRevisions(postId, open);
  const versions = revisions.data?.versions ?? [];
  return (
    <>
      <Text fontStyle="italic">redigerat {formatValue(updatedAt)}</Text>
      <Button variant="plain" size="xs" px="0" color="brand.fg" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="post-history">
        <LuHistory aria-hidden />
        {open ? 'Dölj versioner' : 'Visa versioner'}
      </Button>
      {open && (
        <Box id="post-history" width="full" mt="2" borderWidth="1px" borderColor="border" borderRadius="lg" p={{ base: '3', md: '4' }} bg="bg.panel">
          <Heading as="h2" size="sm" mb="3">
            Versioner
          </Heading>
          {revisions.isPending ? (
            <Text color="fg.muted">Laddar versioner…</Text>
          ) : revisions.isError || !revisions.data ? (
            <Text color="fg.error">Kunde inte hämta versionerna.</Text>
          ) : (
            <Stack as="ol" gap="4" listStyleType="none" ps="0">
              {[...versions].reverse().map((version) => (
                <VersionItem key={version.number} version={version} current={version.number === versions.length} />
              ))}
            </Stack>
          )}
        </Box>
      )}
    </>
  );
}

function VersionItem({ version, current }: { version: PostVersion; current: boolean }) {
  return (
    <Box as="li" aria-label={`Version ${version.number}`} data-testid="post-version">
      <Flex gap="2" align="center" wrap="wrap" mb="2" fontSize="sm">
        <Text fontWeight="semibold">Version {version.number}</Text>
        {current && (
          <Badge colorPalette="gold" variant="outline">
            Aktuell
          </Badge>
        )}
        <Text color="fg.muted">
          {formatValue(version.at)} · {version.editorName}
        </Text>
      </Flex>
      {version.changes.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Inlägget som det först publicerades.
        </Text>
      ) : (
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '8rem 1fr' }} columnGap="3" rowGap="2">
          {version.changes.map((change) => (
            <Box key={change.field} display="contents">
              <Text as="dt" fontWeight="semibold" fontSize="sm" color="fg.muted">
                {fieldLabel(change.field)}
              </Text>
              <Box as="dd" minW="0">
                <ChangeValue change={change} />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

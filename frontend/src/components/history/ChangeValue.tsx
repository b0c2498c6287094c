import { useState } from 'react';
import { Box, Button, Grid, List, Text } from '@chakra-ui/react';
import type { FieldChange } from '@mello/contracts';
import { describeChange, type Segment } from '../../lib/diff';

const removedStyle = { bg: 'red.subtle', color: 'red.fg', textDecoration: 'line-through', borderRadius: 'sm', px: '1' } as const;
const addedStyle = { bg: 'green.subtle', color: 'green.fg', textDecoration: 'none', borderRadius: 'sm', px: '1' } as const;

/**
 * One field's change as the histories show it (the admin's item history and the forum's post versions): short
 * values before → after, list entries added/removed, long texts as a compact word diff (lib/diff.ts).
 */
export function ChangeValue({ change }: { change: FieldChange }) {
  const view = describeChange(change);
  switch (view.type) {
    case 'value':
      return (
        <Text wordBreak="break-word">
          <Box as="del" {...removedStyle}>
            <Box as="span" srOnly>
              Före:{' '}
            </Box>
            {view.before}
          </Box>
          <Box as="span" mx="2" aria-hidden="true" color="fg.muted">
            →
          </Box>
          <Box as="ins" {...addedStyle}>
            <Box as="span" srOnly>
              Efter:{' '}
            </Box>
            {view.after}
          </Box>
        </Text>
      );
    case 'list':
      return (
        <List.Root gap="1" listStyleType="none" ps="0">
          {view.removed.map((item, index) => (
            <List.Item key={`r${index}`}>
              <Box as="del" {...removedStyle}>
                − {item}
              </Box>
            </List.Item>
          ))}
          {view.added.map((item, index) => (
            <List.Item key={`a${index}`}>
              <Box as="ins" {...addedStyle}>
                + {item}
              </Box>
            </List.Item>
          ))}
          {view.unchanged > 0 && (
            <List.Item fontSize="sm" color="fg.muted">
              {view.unchanged} oförändrade
            </List.Item>
          )}
        </List.Root>
      );
    case 'text':
      return <TextDiff segments={view.segments} before={view.before} after={view.after} />;
    default: {
      const never: never = view;
      return never;
    }
  }
}

/** A long text's compact diff, and on request both full texts side by side. */
function TextDiff({ segments, before, after }: { segments: Segment[]; before: string; after: string }) {
  const [full, setFull] = useState(false);
  return (
    <Box>
      <Text whiteSpace="pre-wrap" wordBreak="break-word" fontSize="sm" lineHeight="tall">
        {segments.map((segment, index) =>
          segment.op === 'same' ? (
            <Box as="span" key={index} color="fg.muted">
              {segment.text}
            </Box>
          ) : (
            <Box as={segment.op === 'removed' ? 'del' : 'ins'} key={index} {...(segment.op === 'removed' ? removedStyle : addedStyle)}>
              {segment.text}
            </Box>
          ),
        )}
      </Text>
      <Button variant="plain" size="xs" px="0" color="brand.fg" onClick={() => setFull(!full)} aria-expanded={full}>
        {full ? 'Dölj hela texten' : 'Visa hela texten'}
      </Button>
      {full && (
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3" mt="2">
          <FullText title="Före" text={before} />
          <FullText title="Efter" text={after} />
        </Grid>
      )}
    </Box>
  );
}

function FullText({ title, text }: { title: string; text: string }) {
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="md" p="3" maxH="80" overflowY="auto" tabIndex={0} aria-label={title}>
      <Text fontWeight="semibold" fontSize="sm" mb="1">
        {title}
      </Text>
      <Text whiteSpace="pre-wrap" wordBreak="break-word" fontSize="sm">
        {text || '—'}
      </Text>
    </Box>
  );
}

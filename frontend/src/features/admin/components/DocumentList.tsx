import { Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuHistory, LuPencil } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDeleteButton } from '../../../components/content/ConfirmDeleteButton';
import { LoadingText } from '../../../components/LoadingText';
import { editPath, historyPath } from '../audit-labels';
import { useDeleteDocument, type DocumentKind } from '../document-api';

export type ListItem = { id: string; title: string; details: string; deleteWhat: string };

type Props = {
  kind: DocumentKind;
  heading: string;
  items: ListItem[] | undefined;
  isLoading: boolean;
  emptyText: string;
};

/** A tab's existing items with their count; each has 'Redigera', 'Historik' and a confirmed 'Radera'. */
export function DocumentList({ kind, heading, items, isLoading, emptyText }: Props) {
  const remove = useDeleteDocument(kind);
  const list = items ?? [];
  return (
    <Card.Root bg="bg.panel" borderColor="border">
      <Card.Body p={{ base: '5', md: '8' }}>
        <Heading as="h2" size="lg" mb="5">
          {heading} ({list.length})
        </Heading>
        {isLoading ? (
          <LoadingText>Laddar...</LoadingText>
        ) : list.length === 0 ? (
          <Text color="fg.muted" py="6" textAlign="center">
            {emptyText}
          </Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label={heading}>
            {list.map((item) => (
              <Flex
                as="li"
                key={item.id}
                gap="3"
                py="3"
                borderTopWidth="1px"
                borderColor="border.muted"
                align={{ base: 'stretch', md: 'center' }}
                direction={{ base: 'column', md: 'row' }}
              >
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold" truncate>
                    {item.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {item.details}
                  </Text>
                </Box>
                <HStack gap="2" flexShrink={0} wrap="wrap">
                  <Button asChild size="sm" variant="outline">
                    <RouterLink to={editPath(kind, item.id)!} aria-label={`Redigera ${item.title}`}>
                      <LuPencil aria-hidden /> Redigera
                    </RouterLink>
                  </Button>
                  <Button asChild size="sm" variant="ghost">
                    <RouterLink to={historyPath(kind, item.id)} aria-label={`Historik för ${item.title}`}>
                      <LuHistory aria-hidden /> Historik
                    </RouterLink>
                  </Button>
                  <ConfirmDeleteButton
                    what={item.deleteWhat}
                    pending={remove.isPending && remove.variables === item.id}
                    onConfirm={() => remove.mutate(item.id)}
                  />
                </HStack>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

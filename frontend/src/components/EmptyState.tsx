import { Box, Heading, Text } from '@chakra-ui/react';

type Props = { title: string; description?: string; children?: React.ReactNode; as?: 'h1' | 'h2' | 'h3' };

/** Empty results and not-found views: one heading, an optional line of help and optional actions. */
export function EmptyState({ title, description, children, as = 'h2' }: Props) {
  return (
    <Box textAlign="center" py="14" px="6" borderWidth="1px" borderColor="border" borderRadius="2xl" bg="bg.subtle">
      <Heading as={as} size="lg" mb={description ? 2 : 0}>
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
      {children && <Box mt="6">{children}</Box>}
    </Box>
  );
}

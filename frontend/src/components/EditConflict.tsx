import { Alert, Box, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import type { ConflictRow } from '../lib/conflict-rows';

type Props = {
  /** The server's 412 message ('Någon annan har ändrat året sedan du öppnade det. …'). */
  message: string;
  rows: ConflictRow[];
  pending: boolean;
  onTakeNewer: () => void;
  onOverwrite: () => void;
};

/**
 * A save refused because someone else saved first (412): the newer version beside the user's unsaved values, field
 * by field. The form below keeps what the user typed until they choose: take the newer version, or save theirs
 * over it (sent with the newer version's ETag).
 */
export function EditConflict({ message, rows, pending, onTakeNewer, onOverwrite }: Props) {
  return (
    <Alert.Root status="warning" role="alert" aria-label="Krock med en nyare version" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="4" flex="1" minW="0">
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>
          <Text mb="3">Dina ändringar är inte sparade och finns kvar i formuläret. Så skiljer sig versionerna åt:</Text>
          {rows.length === 0 ? (
            <Text>Den nya versionen har samma värden som dina.</Text>
          ) : (
            <Box overflowX="auto">
              <Table.Root size="sm" aria-label="Skillnader mot den nya versionen">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Fält</Table.ColumnHeader>
                    <Table.ColumnHeader>Din version (osparad)</Table.ColumnHeader>
                    <Table.ColumnHeader>Nyare sparad version</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.field}>
                      <Table.Cell fontWeight="semibold">{row.label}</Table.Cell>
                      <Table.Cell whiteSpace="pre-wrap">{row.mine}</Table.Cell>
                      <Table.Cell whiteSpace="pre-wrap">{row.theirs}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Alert.Description>
        <Flex gap="3" wrap="wrap">
          <Button size="sm" variant="outline" onClick={onTakeNewer} disabled={pending}>
            Använd den nya versionen
          </Button>
          <Button size="sm" colorPalette="gold" onClick={onOverwrite} disabled={pending}>
            Spara min version ändå
          </Button>
        </Flex>
      </Stack>
    </Alert.Root>
  );
}

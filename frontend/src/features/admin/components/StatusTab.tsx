import { Badge, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { errorMessage } from '../../../api/http';
import { LoadingText } from '../../../components/LoadingText';
import { formatCount } from '../../../lib/dates';
import { useAdminStatus } from '../audit-api';
import { formatValue } from '../../../lib/diff';

/** The 'Status' tab for maintainers: each projection's checkpoint, how far it is behind the log, its last error. */
export function StatusTab() {
  const status = useAdminStatus();
  if (status.isPending) return <LoadingText>Laddar status...</LoadingText>;
  if (status.isError) {
    return (
      <Text color="fg.error" role="alert">
        Kunde inte läsa statusen: {errorMessage(status.error, status.error.message)}
      </Text>
    );
  }
  const { head, projections, search, eventStore } = status.data;
  return (
    <Stack gap="5">
      <Flex gap="6" wrap="wrap" align="center">
        <Text>
          Loggens senaste position:{' '}
          <Text as="strong" fontFamily="mono" fontSize="sm">
            {head ?? '—'}
          </Text>
        </Text>
        <Text>
          Händelselager: <strong>{eventStore === 'eventstoredb' ? 'EventStoreDB' : 'PostgreSQL'}</strong>
        </Text>
        <Text>
          Sökmotor: <strong>{search === 'typesense' ? 'Typesense' : 'PostgreSQL'}</strong>
        </Text>
        <Button size="sm" variant="outline" ml="auto" onClick={() => status.refetch()} disabled={status.isFetching}>
          <LuRefreshCw aria-hidden /> {status.isFetching ? 'Uppdaterar...' : 'Uppdatera'}
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="xl">
        <Table.Root size="sm" aria-label="Projektioner">
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader>Projektion</Table.ColumnHeader>
              <Table.ColumnHeader>Position</Table.ColumnHeader>
              <Table.ColumnHeader>Eftersläpning</Table.ColumnHeader>
              <Table.ColumnHeader>Senaste fel</Table.ColumnHeader>
              <Table.ColumnHeader>Uppdaterad</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {projections.map((projection) => (
              <Table.Row key={projection.name} bg="transparent">
                <Table.Cell fontWeight="semibold">{projection.name}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {projection.position ?? '—'}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={projection.behind === 0 ? 'green' : 'orange'}>
                    {projection.behind === 0 ? 'I fas' : `${formatCount(projection.behind)} händelser`}
                  </Badge>
                </Table.Cell>
                <Table.Cell maxW="md" color={projection.lastError ? 'fg.error' : 'fg.muted'}>
                  {projection.lastError ? `${projection.lastError} (${formatValue(projection.lastErrorAt)})` : 'Inga fel'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" color="fg.muted">
                  {formatValue(projection.updatedAt)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

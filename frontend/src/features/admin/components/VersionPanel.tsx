import { useState } from 'react';
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { errorMessage } from '../../../api/http';
import { LoadingText } from '../../../components/LoadingText';
import { useItemVersion } from '../audit-api';
import { fieldLabel, inFieldOrder } from '../audit-labels';
import { formatValue } from '../../../lib/diff';

/** 'Visa version': every field of the item as it stood right after one event. */
export function VersionPanel({ kind, id, revision, number }: { kind: string; id: string; revision: number; number: number }) {
  const version = useItemVersion(kind, id, revision);
  if (version.isPending) return <LoadingText>Laddar version...</LoadingText>;
  if (version.isError) {
    return (
      <Text color="fg.error" role="alert">
        Kunde inte läsa versionen: {errorMessage(version.error, version.error.message)}
      </Text>
    );
  }
  const fields = inFieldOrder(
    kind,
    Object.entries(version.data.item).filter(([field]) => field !== 'id'),
    ([field]) => field,
  );
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="xl" p="4" bg="bg.subtle" role="region" aria-label={`Version efter händelse ${number}`}>
      <Heading as="h3" size="sm" mb="3">
        Så här såg det ut efter händelse {number}
        {version.data.deleted && ' (raderat)'}
      </Heading>
      <FieldList kind={kind} fields={fields} />
    </Box>
  );
}

/** An item's fields as a list of labels and values (a version here, a stream's state in the event browser). */
export function FieldList({ kind, fields }: { kind: string; fields: ReadonlyArray<readonly [string, unknown]> }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '11rem 1fr' }} columnGap="4" rowGap="2">
      {fields.map(([field, value]) => (
        <Box key={field} display="contents">
          <Text as="dt" fontWeight="semibold" fontSize="sm" color="fg.muted">
            {fieldLabel(field, kind)}
          </Text>
          <Box as="dd" minW="0">
            <FieldValue value={value} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const CLAMP = 300;

/** A value; texts longer than CLAMP characters are cut with 'Visa mer'. */
export function FieldValue({ value }: { value: unknown }) {
  const [open, setOpen] = useState(false);
  const text = formatValue(value);
  const long = text.length > CLAMP;
  return (
    <>
      <Text whiteSpace="pre-wrap" wordBreak="break-word" fontSize="sm">
        {long && !open ? `${text.slice(0, CLAMP)}…` : text}
      </Text>
      {long && (
        <Button variant="plain" size="xs" px="0" color="brand.fg" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Visa mindre' : 'Visa mer'}
        </Button>
      )}
    </>
  );
}

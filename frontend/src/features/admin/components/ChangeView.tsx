import { Box, Text } from '@chakra-ui/react';
import type { FieldChange } from '@mello/contracts';
import { ChangeValue } from '../../../components/history/ChangeValue';
import { fieldLabel, inFieldOrder } from '../audit-labels';

/** What one event changed, field by field: before → after, list entries added/removed, long texts as a diff. */
export function ChangeList({ kind, changes }: { kind: string; changes: FieldChange[] }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '11rem 1fr' }} columnGap="4" rowGap={{ base: '1', md: '3' }}>
      {inFieldOrder(kind, changes, (change) => change.field).map((change) => (
        <Box key={change.field} display="contents">
          <Text as="dt" fontWeight="semibold" fontSize="sm" color="fg.muted" pt={{ base: '2', md: '0.5' }}>
            {fieldLabel(change.field, kind)}
          </Text>
          <Box as="dd" minW="0">
            <ChangeValue change={change} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

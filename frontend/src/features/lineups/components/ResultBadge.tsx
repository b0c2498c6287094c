import { Badge } from '@chakra-ui/react';
import type { EntryResult } from '@mello/contracts';
import { LuTrophy } from 'react-icons/lu';
import { resultBadge } from '../format';
import { Unknown } from '../../../components/content/Unknown';

/** Vinnare (gold, with a trophy), Final, Andra chansen or Utslagen; the unknown mark when the data does not say. */
export function ResultBadge({ result }: { result: EntryResult | null }) {
  const badge = resultBadge(result);
  if (!badge) return <Unknown />;
  return (
    <Badge colorPalette={badge.palette} variant={result === 'winner' ? 'solid' : 'subtle'} size="sm" whiteSpace="nowrap">
      {result === 'winner' && <LuTrophy aria-hidden="true" />}
      {badge.label}
    </Badge>
  );
}

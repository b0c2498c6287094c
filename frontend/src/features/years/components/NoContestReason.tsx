import { Text } from '@chakra-ui/react';
import { NO_CONTEST_REASONS_SV } from '@mello/contracts';

/**
 * Under the year not-found view's texts, for a year when no Melodifestival was held: that it was not and why. A
 * constant, not a query, so the server's HTML holds it as the client renders it. Nothing for any other year.
 */
export function NoContestReason({ year }: { year: number }) {
  const reason = NO_CONTEST_REASONS_SV[year];
  if (reason === undefined) return null;
  return <Text mb="6">{reason}</Text>;
}

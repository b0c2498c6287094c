import { Box, Button, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { useYearSummaries } from '../../../api/archive';
import { NetworkError } from '../../../api/http';
import { ALL_DECADES, DECADE_OPTIONS, filterByDecade } from '../../../lib/decades';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { YearGrid } from '../../../components/years/YearGrid';
import { SectionHeader } from './SectionHeader';

/** Spec section 9: the home grid shows 6 years. */
const HOME_YEAR_COUNT = 6;

/** The home year grid: the first six years of the chosen decade ('Alla' by default). */
export function HomeYears() {
  const [decade, setDecade] = useState(ALL_DECADES);
  const { data, isPending, error, refetch } = useYearSummaries();
  const years = filterByDecade(data ?? [], decade).slice(0, HOME_YEAR_COUNT);

  return (
    <Box as="section" aria-labelledby="home-years">
      <SectionHeader
        id="home-years"
        eyebrow="År för år"
        title="Festivalens år"
        description="Vinnare, låtar och scener från varje final."
        link={{ to: '/years', label: 'Se alla år' }}
      />
      <Flex role="group" aria-label="Filtrera på decennium" gap="2" wrap="wrap" mb="6">
        {DECADE_OPTIONS.map((option) => {
          const active = option.value === decade;
          return (
            <Button
              key={option.value}
              size="sm"
              borderRadius="full"
              aria-pressed={active}
              onClick={() => setDecade(option.value)}
              variant={active ? 'solid' : 'outline'}
              colorPalette={active ? 'brand' : 'gray'}
            >
              {option.label}
            </Button>
          );
        })}
      </Flex>
      {isPending ? (
        <LoadingText>Laddar år...</LoadingText>
      ) : error instanceof NetworkError ? (
        <ServerUnreachable onRetry={() => void refetch()} />
      ) : years.length === 0 ? (
        <EmptyState title="Inga år hittades" description="Det finns inga år i arkivet för det här decenniet ännu." as="h3" />
      ) : (
        <YearGrid years={years} />
      )}
    </Box>
  );
}

import { Button, Flex } from '@chakra-ui/react';
import { yearPath } from '@mello/contracts';
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useYearSummaries } from '../../../api/archive';
import { yearNeighbours } from '../year-neighbours';

/**
 * 'Föregående år' and 'Nästa år' at the foot of a year page: reading the archive year by year, and for a crawler or a
 * reader without JavaScript a way to every year from any other (the /years list loads its older years by script).
 * The archive's years come from the home page's summaries, which the server sends with the page.
 */
export function YearNeighbours({ year }: { year: number }) {
  const { data } = useYearSummaries();
  const { previous, next } = yearNeighbours(
    year,
    data?.map((summary) => summary.year),
  );
  if (previous === null && next === null) return null;
  return (
    <Flex as="nav" aria-label="Bläddra mellan år" justify="space-between" gap="4" wrap="wrap">
      {previous !== null ? (
        <Button asChild variant="outline" size="sm">
          <RouterLink to={yearPath(previous)} rel="prev">
            <LuArrowLeft aria-hidden="true" /> Föregående år: {previous}
          </RouterLink>
        </Button>
      ) : (
        <span />
      )}
      {next !== null && (
        <Button asChild variant="outline" size="sm">
          <RouterLink to={yearPath(next)} rel="next">
            Nästa år: {next} <LuArrowRight aria-hidden="true" />
          </RouterLink>
        </Button>
      )}
    </Flex>
  );
}

import { SimpleGrid } from '@chakra-ui/react';
import { YearCard, type YearCardData } from './YearCard';

export function YearGrid({ years, showDescription, headingAs }: { years: readonly YearCardData[]; showDescription?: boolean; headingAs?: 'h2' | 'h3' }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
      {years.map((year) => (
        <li key={year.id}>
          <YearCard year={year} showDescription={showDescription} headingAs={headingAs} />
        </li>
      ))}
    </SimpleGrid>
  );
}

import { Link } from '@chakra-ui/react';
import type { SourceRef } from '@mello/contracts';
import { createContext, Fragment, useContext } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { sourcePath, sourceText } from '../format';

/** The source keys the year's lineup cites with a record (format.ts `knownKeys`, set by YearLineupSection). */
export const KnownSources = createContext<ReadonlySet<string>>(new Set());

/** A source as format.ts `sourceText` reads it: each known key linked to its entry on /kallor, the rest as text. */
export function SourceName({ source }: { source: SourceRef }) {
  const known = useContext(KnownSources);
  return sourceText(source, known).map((part, index) =>
    part.key === null ? (
      <Fragment key={index}>{part.text}</Fragment>
    ) : (
      <Link key={index} asChild display="inline" color="fg" textDecoration="underline" _hover={{ color: 'brand.fg' }}>
        <RouterLink to={sourcePath(part.key)}>{part.text}</RouterLink>
      </Link>
    ),
  );
}

import { Badge, Image } from '@chakra-ui/react';
import type { Year } from '@mello/contracts';
import { yearBadge } from '../../lib/badges';

/** 'Klassiker' (solid) for a classic year, otherwise 'Senaste' (outline): spec section 2, the year cards. */
export function YearBadge({ year }: { year: Pick<Year, 'isClassic'> }) {
  const badge = yearBadge(year);
  const classic = badge === 'Klassiker';
  return (
    <Badge colorPalette={classic ? 'brand' : 'gray'} variant={classic ? 'solid' : 'outline'}>
      {badge}
    </Badge>
  );
}

/** A year card's picture (when the year has one): lazy, sized 16:9 so nothing shifts as it loads. */
export function YearCardImage({ year }: { year: Pick<Year, 'imageUrl' | 'winner' | 'year'> }) {
  if (!year.imageUrl) return null;
  return (
    <Image
      src={year.imageUrl}
      alt={`${year.winner} i Melodifestivalen ${year.year}`}
      loading="lazy"
      decoding="async"
      width={640}
      height={360}
      aspectRatio="16 / 9"
      objectFit="cover"
    />
  );
}

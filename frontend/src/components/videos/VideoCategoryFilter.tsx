import { Button, Wrap } from '@chakra-ui/react';
import { videoCategoryLabel } from '../../lib/badges';
import { VIDEO_FILTERS, type VideoFilter } from './video-selection';

type Props = { value: VideoFilter; onChange: (filter: VideoFilter) => void };

/** 'Alla' and the five video categories as toggle buttons; the chosen one is pressed (aria-pressed). */
export function VideoCategoryFilter({ value, onChange }: Props) {
  return (
    <Wrap role="group" aria-label="Filtrera på kategori" gap="2">
      {VIDEO_FILTERS.map((filter) => {
        const active = filter === value;
        return (
          <Button
            key={filter}
            size="sm"
            borderRadius="full"
            colorPalette={active ? 'brand' : 'gray'}
            variant={active ? 'solid' : 'outline'}
            aria-pressed={active}
            onClick={() => onChange(filter)}
          >
            {filter === 'all' ? 'Alla' : videoCategoryLabel(filter)}
          </Button>
        );
      })}
    </Wrap>
  );
}

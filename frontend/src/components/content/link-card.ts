import type { CardRootProps } from '@chakra-ui/react';

/**
 * The look of a card that is one link (a LinkBox whose title is the LinkOverlay): its border lights up on hover
 * and while the link has keyboard focus, and with `lift` it rises that far on hover.
 */
export function linkCardStyle(lift?: '1px' | '2px'): CardRootProps {
  return {
    bg: 'bg.panel',
    borderColor: 'border',
    transition: lift ? 'transform 0.2s, border-color 0.2s' : 'border-color 0.2s',
    _hover: lift ? { borderColor: 'brand.500', transform: `translateY(-${lift})` } : { borderColor: 'brand.500' },
    _focusWithin: { borderColor: 'brand.500' },
  };
}

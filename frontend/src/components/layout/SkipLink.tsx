import { chakra } from '@chakra-ui/react';
import { MAIN_CONTENT_ID } from './nav-links';

/** Keyboard users jump past the navigation; hidden until it receives focus. */
export function SkipLink() {
  return (
    <chakra.a
      href={`#${MAIN_CONTENT_ID}`}
      position="absolute"
      left="4"
      top="-20"
      zIndex="max"
      bg="gold.solid"
      color="gold.contrast"
      fontWeight="bold"
      px="4"
      py="2"
      borderRadius="md"
      _focus={{ top: '4' }}
    >
      Hoppa till innehållet
    </chakra.a>
  );
}

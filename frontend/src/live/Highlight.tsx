import { Box, type BoxProps } from '@chakra-ui/react';
import { LazyMotion, domAnimation, m, useReducedMotion } from 'framer-motion';
import { useChangeCount } from './highlights';

type Props = { id: string; children: React.ReactNode; borderRadius?: BoxProps['borderRadius'] } & Omit<BoxProps, 'id'>;

const GLOW = { boxShadow: '0 0 0 2px rgba(255, 194, 61, 0.9), 0 0 28px rgba(255, 194, 61, 0.35)', background: 'rgba(255, 194, 61, 0.08)' };

/**
 * A short gold glow over whatever a live change just touched (a new reply, a like count, an edit). The glow is a
 * separate layer that fades out, so the content underneath (and any input in it) is never re-rendered or moved.
 * With reduced motion the glow does not fade: it shows briefly and then disappears.
 */
export function Highlight({ id, children, borderRadius = 'xl', ...rest }: Props) {
  const changes = useChangeCount(id);
  const reduceMotion = useReducedMotion();
  return (
    <Box position="relative" borderRadius={borderRadius} {...rest}>
      {children}
      {changes > 0 && (
        <LazyMotion features={domAnimation}>
          <Box asChild position="absolute" inset="0" pointerEvents="none" borderRadius={borderRadius}>
            <m.div
              key={changes}
              aria-hidden
              data-highlight
              style={GLOW}
              initial={{ opacity: 1 }}
              animate={{ opacity: 0 }}
              transition={reduceMotion ? { duration: 0, delay: 2 } : { duration: 2.4, ease: 'easeOut' }}
            />
          </Box>
        </LazyMotion>
      )}
    </Box>
  );
}

import { HStack, Text } from '@chakra-ui/react';
import { LuCalendar, LuClock, LuEye } from 'react-icons/lu';
import type { Video } from '@mello/contracts';
import { formatCount } from '../../lib/dates';
import { Unknown } from '../content/Unknown';

/** Views (the unknown mark when no source gives them), duration (when known) and year, in one muted line. */
export function VideoMeta({ video }: { video: Video }) {
  return (
    <HStack gap="4" wrap="wrap" color="fg.muted" fontSize="sm">
      <HStack gap="1">
        <LuEye aria-hidden />
        <Text>
          {video.views === null ? (
            <>
              <Unknown /> visningar
            </>
          ) : (
            `${formatCount(video.views)} visningar`
          )}
        </Text>
      </HStack>
      {video.duration.trim() !== '' && (
        <HStack gap="1">
          <LuClock aria-hidden />
          <Text>
            <Text as="span" srOnly>
              Längd
            </Text>
            {video.duration}
          </Text>
        </HStack>
      )}
      <HStack gap="1">
        <LuCalendar aria-hidden />
        <Text>
          <Text as="span" srOnly>
            År
          </Text>
          {video.year}
        </Text>
      </HStack>
    </HStack>
  );
}

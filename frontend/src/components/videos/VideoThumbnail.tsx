import { useState } from 'react';
import { AspectRatio, Image } from '@chakra-ui/react';
import stockThumbnail from './stock-thumbnail.svg';

type Props = { src: string | null; alt: string; eager?: boolean };

/**
 * A 16:9 video picture with the stock picture as fallback, both when there is no thumbnail and when the
 * thumbnail cannot be loaded (a removed video, or no network). Width and height are set so nothing shifts.
 */
export function VideoThumbnail({ src, alt, eager = false }: Props) {
  const [failed, setFailed] = useState(false);
  const shown = src && !failed ? src : stockThumbnail;
  return (
    <AspectRatio ratio={16 / 9} bg="night.800">
      <Image
        src={shown}
        alt={alt}
        width={640}
        height={360}
        objectFit="cover"
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </AspectRatio>
  );
}

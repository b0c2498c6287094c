import { useEffect, useRef, useState } from 'react';
import { AspectRatio, Image } from '@chakra-ui/react';
import stockThumbnail from './stock-thumbnail.svg';

type Props = { src: string | null; alt: string; eager?: boolean };

/**
 * A 16:9 video picture with the stock picture as fallback, both when there is no thumbnail and when the
 * thumbnail cannot be loaded (a removed video, or no network). Width and height are set so nothing shifts.
 * The server's HTML already holds the <img>: a picture that failed before hydration fired its error event before
 * React listened, so on mount an image that finished loading without pixels counts as failed too.
 */
export function VideoThumbnail({ src, alt, eager = false }: Props) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const shown = src && !failed ? src : stockThumbnail;
  useEffect(() => {
    const element = image.current;
    if (src && element?.complete && element.naturalWidth === 0) setFailed(true);
  }, [src]);
  return (
    <AspectRatio ratio={16 / 9} bg="night.800">
      <Image
        ref={image}
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

import { useState } from 'react';
import { AspectRatio, Image, type AspectRatioProps } from '@chakra-ui/react';

type Props = { src: string; title: string; eager?: boolean; width: number; height: number } & Omit<AspectRatioProps, 'children'>;

/**
 * An article's picture in a fixed 16:9 frame (width and height set, so nothing shifts while it loads).
 * A picture that cannot be loaded is left out rather than shown as a broken frame.
 */
export function ArticleImage({ src, title, eager = false, width, height, ...frame }: Props) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <AspectRatio ratio={16 / 9} bg="night.800" overflow="hidden" {...frame}>
      <Image
        src={src}
        alt={`Bild till artikeln ${title}`}
        width={width}
        height={height}
        objectFit="cover"
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </AspectRatio>
  );
}

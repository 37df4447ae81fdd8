import Box, { type BoxProps } from '@mui/material/Box';
import type { ContentImage } from '@portal/contract';

/** A server image with its size set (no layout shift), lazy-loaded, scaled to its box. */
export function Picture({
  image,
  alt,
  sizes = '100vw',
  eager = false,
  sx,
}: {
  image: ContentImage;
  alt: string;
  sizes?: string;
  eager?: boolean;
  sx?: BoxProps['sx'];
}) {
  return (
    <Box
      component="img"
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sx={{ display: 'block', width: '100%', height: 'auto', objectFit: 'cover', ...sx }}
    />
  );
}

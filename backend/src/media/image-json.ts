import type { Image as ImageContract } from '@ordering/common';
import type { Image } from './image.entity.js';

/** The public shape of an image reference: enough to build /image/{id}-{version}.{extension}. */
export function imageJson(
  image: Pick<Image, 'id' | 'version' | 'extension'> & Partial<Image>,
): ImageContract & { alt?: string } {
  return {
    id: image.id,
    version: image.version,
    extension: image.extension,
    ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
    ...(image.alt ? { alt: image.alt } : {}),
  };
}

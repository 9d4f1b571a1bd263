import { imageInput } from '@ordering/common/schemas';
import { defineResource } from '../crud/resource.js';
import { Image } from './image.entity.js';

export { imageInput };

/** The JSON of an image for the back office (the storage key stays inside). */
export function imageDetailJson(image: Image) {
  return {
    id: image.id,
    version: image.version,
    extension: image.extension,
    name: image.name,
    alt: image.alt,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    size: image.size,
    createdAt: image.createdAt,
    updatedAt: image.updatedAt,
  };
}

/** Lists and reads of /api/images (writes go through {@link ImageService}, which handles the files). */
export const imageResource = defineResource({
  path: 'images',
  entity: Image,
  names: { plural: 'Bilder', singular: 'Bild' },
  input: imageInput,
  read: 'media:read',
  write: 'media:write',
  filters: { extension: { type: 'string' } },
  searchable: ['name', 'alt'],
  sortable: ['name', 'size', 'width', 'height'],
  defaultSort: '-createdAt',
  toJson: (image) => imageDetailJson(image),
});

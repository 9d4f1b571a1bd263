import { z } from 'zod';
import { defineResource } from '../crud/resource.js';
import { Image } from './image.entity.js';

/** Create/update body of an image: the file as a data URL (required on create), name and alt text. */
export const imageInput = z.object({
  data: z.string().optional(),
  name: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => v ?? undefined),
  alt: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => v ?? undefined),
});

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

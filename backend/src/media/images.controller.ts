import { jsonSchemaOf } from '../core/openapi.js';
import { crudController } from '../crud/crud.controller.js';
import { imageInput, imageResource } from './image.resource.js';
import { ImageService } from './image.service.js';

const imageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer' },
    extension: { type: 'string' },
    name: { type: 'string' },
    alt: { type: 'string' },
    mimeType: { type: 'string' },
    width: { type: 'integer', nullable: true },
    height: { type: 'integer', nullable: true },
    size: { type: 'integer' },
  },
  required: ['id', 'version', 'extension'],
};
const bodySchema = {
  ...jsonSchemaOf(imageInput),
  description:
    'data: das Bild als Data-URL (data:image/png;base64,...); jpg, png, gif, webp oder svg, höchstens 15 MB',
};

/** `/api/images`: lists and reads through the generic resource layer, writes through {@link ImageService}. */
export const ImagesController = crudController(imageResource, {
  writes: ImageService,
  bodySchema: { ...bodySchema, required: ['data'] },
  entitySchema: imageSchema,
});

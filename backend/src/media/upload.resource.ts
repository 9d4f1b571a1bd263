import { uploadInput } from '@ordering/common/schemas';
import { defineResource } from '../crud/resource.js';
import { Upload } from './upload.entity.js';

/** Create/update body of an upload: the file as a data URL (required on create) and its name. */
export { uploadInput };

/** The JSON of an upload: what builds its URL, its type and name (the storage key stays inside). */
export function uploadJson(upload: Upload) {
  return {
    id: upload.id,
    version: upload.version,
    extension: upload.extension,
    publicHash: upload.publicHash,
    mimeType: upload.mimeType,
    name: upload.name,
    size: upload.size,
    duration: upload.duration,
    createdAt: upload.createdAt,
    updatedAt: upload.updatedAt,
  };
}

/** Lists and reads of /api/uploads (writes go through {@link UploadService}). */
export const uploadResource = defineResource({
  path: 'uploads',
  entity: Upload,
  names: { plural: 'Uploads', singular: 'Upload' },
  input: uploadInput,
  read: 'media:read',
  write: 'media:write',
  filters: { extension: { type: 'string' }, mimeType: { type: 'string' } },
  searchable: ['name'],
  sortable: ['name', 'size', 'extension'],
  defaultSort: '-createdAt',
  toJson: (upload) => uploadJson(upload),
});

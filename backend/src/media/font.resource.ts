import { fontInput } from '@ordering/common/schemas';
import { t } from '@ordering/common';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { Font } from './font.entity.js';

export { fontInput };

/** `/api/fonts`: the families and variants image templates can use (read by the template editor). */
export const fontResource = defineResource({
  path: 'fonts',
  entity: Font,
  names: { plural: 'Schriftarten', singular: 'Schriftart' },
  input: fontInput,
  read: 'media:read',
  write: 'media:write',
  relations: ['upload'],
  filters: { family: { type: 'string' } },
  searchable: ['family'],
  sortable: ['family', 'variant'],
  defaultSort: 'family',
  trackVersion: false,
  toJson: (font) => ({
    id: font.id,
    family: font.family,
    variant: font.variant,
    upload: font.upload
      ? {
          id: font.upload.id,
          version: font.upload.version,
          extension: font.upload.extension,
          publicHash: font.upload.publicHash,
          mimeType: font.upload.mimeType,
        }
      : null,
    createdAt: font.createdAt,
    updatedAt: font.updatedAt,
  }),
  // One row per family and variant.
  assign: async (em, font) => {
    const qb = em
      .getRepository(Font)
      .createQueryBuilder('f')
      .where('f.family = :family AND f.variant = :variant', font);
    if (font.id) qb.andWhere('f.id <> :id', { id: font.id });
    if (await qb.getExists()) throw new DomainError('conflict', t('validation.unique'), 'variant');
  },
});

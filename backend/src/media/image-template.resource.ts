import { imageTemplateInput, layerInput } from '@ordering/common/schemas';
import { z } from 'zod';
import { In, type EntityManager } from 'typeorm';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { Font } from './font.entity.js';
import { Image } from './image.entity.js';
import { ImageTemplate, ImageTemplateLayer } from './image-template.entity.js';

// Shared with the back office's form (common/src/schemas/media.ts).
export { imageTemplateInput, layerInput };

/** A layer in the template's JSON: references as `{ id }`, like every relation of the CRUD layer. */
export function layerJson(layer: ImageTemplateLayer) {
  return {
    id: layer.id,
    position: layer.position,
    type: layer.type,
    x: layer.x,
    y: layer.y,
    width: layer.width,
    height: layer.height,
    rotation: layer.rotation,
    opacity: layer.opacity,
    text: layer.text,
    font: layer.fontId ? { id: layer.fontId } : null,
    fontSize: layer.fontSize,
    textAlign: layer.textAlign,
    color: layer.color,
    image: layer.imageId ? { id: layer.imageId } : null,
    locked: layer.locked,
  };
}

async function checkRefs(em: EntityManager, layers: z.infer<typeof layerInput>[]) {
  for (const [entity, key] of [
    [Font, 'font'],
    [Image, 'image'],
  ] as const) {
    const ids = [...new Set(layers.flatMap((l) => (l[key] ? [l[key]!.id] : [])))];
    const found = ids.length
      ? await em.getRepository(entity).find({ where: { id: In(ids) }, select: { id: true } })
      : [];
    const known = new Set(found.map((r) => r.id));
    const index = layers.findIndex((l) => l[key] && !known.has(l[key]!.id));
    if (index >= 0)
      throw new DomainError(
        'validation',
        'Der ausgewählte Eintrag existiert nicht.',
        `layers.${index}.${key}`,
      );
  }
}

/** `/api/image-templates`, with its layers owned and replaced on every write. */
export const imageTemplateResource = defineResource({
  path: 'image-templates',
  entity: ImageTemplate,
  names: { plural: 'Bildvorlagen', singular: 'Bildvorlage' },
  input: imageTemplateInput,
  read: 'media:read',
  write: 'media:write',
  relations: ['layerRows'],
  searchable: ['name', 'identifier'],
  sortable: ['name', 'identifier', 'width', 'height'],
  defaultSort: 'name',
  unique: ['identifier'],
  trackVersion: false,
  toJson: (template) => {
    const { layerRows, ...rest } = template;
    return {
      ...rest,
      layers: [...(layerRows ?? [])].sort((a, b) => a.position - b.position || a.id - b.id).map(layerJson),
    };
  },
  // Layers are owned children matched by id, as the CRUD layer does for `children` (the JSON key `layers`
  // differs from the relation's name, so the matching is here): a known id is updated in place and keeps
  // its id, a new layer is inserted, a left-out one deleted.
  assign: async (em, template, input) => {
    await checkRefs(em, input.layers);
    const existing = new Map((template.layerRows ?? []).map((row) => [row.id, row]));
    const kept = new Set<number>();
    template.layerRows = input.layers.map(({ id, font, image, ...layer }, position) => {
      const match = id && !kept.has(id) ? existing.get(id) : undefined;
      if (match) kept.add(match.id);
      const row = match ?? em.create(ImageTemplateLayer, {});
      Object.assign(row, layer, {
        position,
        font: undefined,
        image: undefined,
        fontId: font?.id ?? null,
        imageId: image?.id ?? null,
      });
      return row;
    });
    const removed = [...existing.keys()].filter((id) => !kept.has(id));
    if (removed.length) await em.delete(ImageTemplateLayer, { id: In(removed) });
  },
});
